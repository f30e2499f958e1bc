// A plot the page animates itself, laid over the plot's <img>: a canvas under (the regions),
// matplotlib's static scene (an SVG image: axes, ticks, legend, points; transparent where the
// model goes), a canvas over it (rings, line or contour, the arrow of w, the note). Python
// draws the scene once (plots/scene.py); each animation frame is a few canvas paths, so the
// show runs at the display's frame rate. The geometry is motion-geometry.js's.
import { arrowHead, linearPicture, seriesUpTo, zeroContour } from "./motion-geometry.js";
import { RegionCells } from "./region-cells.js";

const FONT = '"DejaVu Sans", system-ui, sans-serif';

class Layers {
  constructor(img, withUnder) {
    this.img = img;
    const box = document.createElement("div");
    box.className = "motion-view";
    box.hidden = true;
    const st = box.style;
    st.position = "absolute"; st.pointerEvents = "none"; st.background = "#fff"; st.overflow = "hidden";
    this.under = withUnder ? document.createElement("canvas") : null;
    this.still = document.createElement("img");
    this.still.alt = "";
    this.over = document.createElement("canvas");
    this.layers = [this.under, this.still, this.over].filter(Boolean);
    for (const el of this.layers) {
      el.style.position = "absolute"; el.style.left = "0"; el.style.top = "0";
      el.style.width = "100%"; el.style.height = "100%";
      box.append(el);
    }
    img.after(box);
    this.box = box;
    this.scene = null;
    this.frames = 0;          // canvas redraws (bench/step_through.py counts them)
    new ResizeObserver(() => this.place()).observe(img);
  }

  setScene(scene) {
    this.scene = scene;
    // A state belongs to its run's scene: a resize before the new run's first draw must not
    // paint the last run's state (a kernel's scores, say) on this scene.
    this.state = null;
    this.still.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(scene.svg);
    // What the scene was drawn for (tests compare it with the picture under it).
    this.box.dataset.scene = JSON.stringify({ width: scene.width, height: scene.height, xlim: scene.xlim, ylim: scene.ylim });
    this.place();
  }

  show(on) {
    this.box.hidden = !on;
    if (on) this.place();
  }

  /** Over the img's whole box (opaque: a scene drawn for another box must not let the picture
   * under it show its title and labels a second time in the bands), the scene fitted in it like
   * object-fit: contain. */
  place() {
    const s = this.scene, img = this.img;
    if (!s || this.box.hidden) return;
    const W = img.offsetWidth, H = img.offsetHeight;
    if (!W || !H) return;
    const k = Math.min(W / s.width, H / s.height);
    const w = s.width * k, h = s.height * k;
    const key = `${img.offsetLeft},${img.offsetTop},${W},${H},${w},${h}`;
    if (key !== this.placed) {
      // The page may move the plot (results reorder, a drawer opens): follow it.
      this.placed = key;
      const st = this.box.style;
      st.left = `${img.offsetLeft}px`; st.top = `${img.offsetTop}px`;
      st.width = `${W}px`; st.height = `${H}px`;
      for (const el of this.layers) {
        el.style.left = `${(W - w) / 2}px`; el.style.top = `${(H - h) / 2}px`;
        el.style.width = `${w}px`; el.style.height = `${h}px`;
      }
    }
    const dpr = window.devicePixelRatio || 1;
    for (const c of [this.under, this.over]) {
      if (!c) continue;
      const cw = Math.round(w * dpr), ch = Math.round(h * dpr);
      if (c.width !== cw || c.height !== ch) { c.width = cw; c.height = ch; this.dirty = true; }
    }
    this.pxPerUnit = (w * dpr) / s.width;
    if (this.dirty && this.redraw) { this.dirty = false; this.redraw(); }
  }

  ctx(canvas) {
    const c = canvas.getContext("2d");
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.clearRect(0, 0, canvas.width, canvas.height);
    c.setTransform(this.pxPerUnit, 0, 0, this.pxPerUnit, 0, 0);
    return c;
  }
}

function poly(c, pts) {
  c.beginPath();
  pts.forEach(([x, y], i) => (i ? c.lineTo(x, y) : c.moveTo(x, y)));
  c.closePath();
}

function ring(c, [x, y], r, lw, color) {
  c.beginPath();
  c.arc(x, y, r, 0, 2 * Math.PI);
  c.lineWidth = lw;
  c.strokeStyle = color;
  c.stroke();
}

/** The boundary plot. draw(state): state = {plane | scores | coef, wrong, highlight, support, note}. */
export class BoundaryView extends Layers {
  constructor(img) {
    super(img, true);
    this.state = null;
    this.redraw = () => this.state && this.draw(this.state);
  }

  draw(state) {
    this.state = state;
    const s = this.scene;
    if (!s || this.box.hidden) return;
    this.place();
    if (!this.pxPerUnit) return;
    this.frames++;
    const a = s.axes;
    // under the points: the regions, clipped to the axes
    const u = this.ctx(this.under);
    u.save();
    u.beginPath(); u.rect(a.left, a.top, a.width, a.height); u.clip();
    let pic = null, segs = null;
    if (state.plane) {
      pic = linearPicture(s, state.plane, s.points?.[state.highlight] ?? null);
      for (const side of ["pos", "neg"]) {
        if (!pic[side]) continue;
        poly(u, pic[side]);
        u.fillStyle = s.fill[side];
        u.fill();
      }
    } else if (state.scores) {
      const n = s.grid, S = state.scores, cw = a.width / n, ch = a.height / n;
      u.fillStyle = s.fill.neg;
      u.fillRect(a.left, a.top, a.width, a.height);
      u.fillStyle = s.fill.pos;
      for (let i = 0; i < n; i++) {
        let j = 0;
        while (j < n) {
          if (S[i * n + j] < 0) { j++; continue; }
          const j0 = j;
          while (j < n && S[i * n + j] >= 0) j++;
          // +0.5 px overlap: no hairline seams between cells
          u.fillRect(a.left + j0 * cw, a.top + a.height - (i + 1) * ch, (j - j0) * cw + 0.5, ch + 0.5);
        }
      }
      segs = zeroContour(s, S, n);
    } else if (state.coef && s.regions) {
      this.classRegions(u, state.coef);
    }
    u.restore();
    // over the points: rings, the line or contour, the arrow of w, the note
    const o = this.ctx(this.over);
    o.save();
    o.beginPath(); o.rect(a.left, a.top, a.width, a.height); o.clip();
    // The score strip moves the points themselves (each at its x̃·w); elsewhere they stay in the scene.
    const pts = state.strip && s.strip ? this.stripPoints(o, state.strip) : s.points;
    for (const i of state.wrong || []) ring(o, pts[i], s.wrong.r, s.wrong.lw, s.wrong.color);
    for (const [i, r] of state.support || []) ring(o, pts[i], r, s.support.lw, s.support.color);
    if (state.highlight !== null && state.highlight !== undefined && pts[state.highlight]) {
      ring(o, pts[state.highlight], s.highlight.r, s.highlight.lw, s.highlight.color);
    }
    if (s.line) {
      o.lineWidth = s.line.lw;
      o.strokeStyle = s.line.color;
      o.lineCap = "butt";
    }
    if (pic?.line) {
      o.beginPath(); o.moveTo(...pic.line[0]); o.lineTo(...pic.line[1]); o.stroke();
    }
    if (segs?.length) {
      o.beginPath();
      for (const [p, q] of segs) { o.moveTo(...p); o.lineTo(...q); }
      o.stroke();
    }
    if (pic?.arrow) {
      const [[sx, sy], [tx, ty]] = pic.arrow;
      const head = arrowHead([sx, sy, tx, ty], s.arrow.head);
      const back = [(head[1][0] + head[2][0]) / 2, (head[1][1] + head[2][1]) / 2];
      o.strokeStyle = o.fillStyle = s.arrow.color;
      o.lineWidth = s.arrow.lw;
      o.beginPath(); o.moveTo(sx, sy); o.lineTo(...back); o.stroke();
      poly(o, head); o.fill(); o.stroke();
      o.font = `bold ${s.arrow.font}px ${FONT}`;
      o.textAlign = "center"; o.textBaseline = "middle";
      if (pic.label) o.fillText("w", ...pic.label);
    }
    o.restore();
    if (state.note) this.note(o, state.note);
    else { delete this.box.dataset.note; delete this.box.dataset.noteBox; }
    this.box.dataset.pos = String(state.step ?? "");
    if (!state.strip) delete this.box.dataset.strip;
  }

  /** The strip's points at their x (CSS px of the scene) on their class rows, drawn as
   * projection_figure draws them (class colour and marker, a thin white edge); returns them. */
  stripPoints(o, xs) {
    const S = this.scene.strip, r = S.r;
    const pts = xs.map((x, i) => [x, S.rows[i]]);
    o.lineWidth = S.lw;
    o.strokeStyle = S.edge;
    pts.forEach(([x, y], i) => {
      const look = S.labels[i] === 1 ? S.pos : S.neg;
      o.fillStyle = look.color;
      o.beginPath();
      if (look.marker === "s") o.rect(x - r * 0.89, y - r * 0.89, 1.78 * r, 1.78 * r); // a square of the circle's area
      else o.arc(x, y, r, 0, 2 * Math.PI);
      o.fill(); o.stroke();
    });
    if (xs.length <= 1000) this.box.dataset.strip = JSON.stringify(xs.map((x) => Math.round(x * 100) / 100)); // tests read it
    return pts;
  }

  /** The class each cell of the grid predicts (row 0 at the bottom), as regions_figure's
   * imshow paints it: runs of one class per row, one rectangle each. */
  classRegions(u, coef) {
    const s = this.scene, a = s.axes, R = s.regions, n = R.n;
    if (this.regionCells?.B !== R.B) this.regionCells = new RegionCells(R.B, R.rank);
    const cls = this.regionCells.classes(coef);
    const cw = a.width / n, ch = a.height / n;
    for (let i = 0; i < n; i++) {
      let j = 0;
      while (j < n) {
        const c = cls[i * n + j], j0 = j;
        while (j < n && cls[i * n + j] === c) j++;
        u.fillStyle = R.fills[c];
        u.fillRect(a.left + j0 * cw, a.top + a.height - (i + 1) * ch, (j - j0) * cw + 0.5, ch + 0.5);
      }
    }
  }

  note(o, text) {
    const s = this.scene, a = s.axes, size = s.note.font;
    const lines = text.split("\n");
    o.font = `${size}px ${FONT}`;
    const w = Math.max(...lines.map((l) => o.measureText(l).width));
    const lh = 1.2 * size, pad = 0.3 * size;
    const h = lines.length * lh;
    const cx = a.left + a.width / 2;
    const top = s.note.top ? a.top + 0.03 * a.height : a.top + 0.97 * a.height - h;
    // Where the note is (scene px): tests check that no point is under it.
    this.box.dataset.note = text;
    this.box.dataset.noteBox = JSON.stringify([cx - w / 2 - pad, top - pad, w + 2 * pad, h + 2 * pad]);
    o.fillStyle = "rgba(255,255,255,0.9)";
    o.strokeStyle = "#999999";
    o.lineWidth = 1;
    o.beginPath();
    o.roundRect(cx - w / 2 - pad, top - pad, w + 2 * pad, h + 2 * pad, pad);
    o.fill(); o.stroke();
    o.fillStyle = "#000";
    o.textAlign = "center"; o.textBaseline = "top";
    lines.forEach((l, i) => o.fillText(l, cx, top + i * lh + 0.1 * size));
  }
}

/** The proof plot: the two series cut at t = upto and the marker line at upto. */
export class ProofView extends Layers {
  constructor(img) {
    super(img, false);
    this.state = null; // the t drawn up to
    this.redraw = () => this.state !== null && this.draw(this.state);
  }

  draw(upto) {
    this.state = upto;
    const s = this.scene;
    if (!s || this.box.hidden) return;
    this.place();
    if (!this.pxPerUnit) return;
    this.frames++;
    const a = s.axes;
    const o = this.ctx(this.over);
    o.save();
    o.beginPath(); o.rect(a.left, a.top, a.width, a.height); o.clip();
    const x = s.upto.x0 + upto * (s.upto.x1 - s.upto.x0);
    o.strokeStyle = s.upto.color; o.lineWidth = s.upto.lw;
    o.beginPath(); o.moveTo(x, a.top); o.lineTo(x, a.top + a.height); o.stroke();
    for (const ser of s.series) {
      const pts = seriesUpTo(ser.points, s.t, upto);
      if (!pts.length) continue;
      o.strokeStyle = o.fillStyle = ser.color; o.lineWidth = ser.lw; o.lineJoin = "round";
      o.beginPath();
      pts.forEach(([px, py], i) => (i ? o.lineTo(px, py) : o.moveTo(px, py)));
      o.stroke();
      if (ser.marker) {
        const r = ser.ms / 2;
        s.t.forEach((t, i) => {
          if (t > upto) return;
          const [px, py] = ser.points[i];
          o.beginPath();
          if (ser.marker === "o") o.arc(px, py, r, 0, 2 * Math.PI); else o.rect(px - r, py - r, 2 * r, 2 * r);
          o.fill();
        });
      }
    }
    o.restore();
    this.box.dataset.t = String(upto);
  }
}
