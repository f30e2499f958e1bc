// A Worker for node's tests of site/js/python/pyclient.js: it records what the page sends, and the
// test speaks for Python with `say`. Installed as globalThis.Worker (with the document's base
// URI the client resolves its worker's address against) before pyclient.js is imported.
export const workers = [];

export class FakeWorker {
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.terminated = false;
    workers.push(this);
  }
  postMessage(msg) { this.sent.push(msg); }
  terminate() { this.terminated = true; }
  say(data) { this.onmessage({ data }); }
}

export function installWorker(Worker = FakeWorker) {
  globalThis.Worker = Worker;
  globalThis.document = { baseURI: "http://localhost/" };
}
