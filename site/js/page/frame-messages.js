// The frame's content height, in every form a course host reads (docs/embedding.md, "Hosts"):
//   {type: "perceptron-lab:resize", height}        this lab's own (the listener in the docs)
//   {subject: "lti.frameResize", height}           Canvas (and other LTI hosts) as an object
//   '{"subject":"lti.frameResize","height":…}'     the same as a JSON string: hosts that only
//                                                  parse strings (IMathAS/MyOpenMath and others)
//   "[iFrameSizer]<id>:<height>:<width>:<type>"    iframe-resizer's (v4) parent script: sent only
//                                                  after that script has named the frame
// Only numbers (and the id the parent itself gave) go out, so any parent may read them ("*").
const RESIZER = "[iFrameSizer]";
let resizerId = null;

function width() {
  return Math.ceil(document.documentElement.getBoundingClientRect().width);
}

/** Post the height to `target` (the parent window) in every form. */
export function postHeight(target, height) {
  target.postMessage({ type: "perceptron-lab:resize", height }, "*");
  target.postMessage({ subject: "lti.frameResize", height }, "*");
  target.postMessage(JSON.stringify({ subject: "lti.frameResize", height }), "*");
  if (resizerId) target.postMessage(`${RESIZER}${resizerId}:${height}:${width()}:resizeObserver`, "*");
}

/**
 * Answer iframe-resizer's parent: it sends "[iFrameSizer]<id>:…" when the frame loads (and again
 * when the child says it is ready); the reply "…:init" makes it size the frame, and every later
 * height goes out under that id. height(): the current content height.
 */
export function answerIframeResizer(target, height) {
  addEventListener("message", (e) => {
    if (e.source !== target || typeof e.data !== "string" || !e.data.startsWith(RESIZER)) return;
    const id = e.data.slice(RESIZER.length).split(":")[0];
    if (!/^[\w-]{1,100}$/.test(id)) return;
    resizerId = id;
    target.postMessage(`${RESIZER}${id}:${height()}:${width()}:init`, "*");
  });
  // A parent whose init went out before this script listened sends it again on this word.
  target.postMessage("[iFrameResizerChild]Ready", "*");
}
