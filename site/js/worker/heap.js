// The worker's side of js/python/worker-memory.js: its heap's size, reported with each result,
// and a test hook that grows it.

/** Worker side: the bytes of the runtime's WebAssembly heap (0 if not known). */
export function heapBytes(pyodide) {
  return pyodide?._module?.HEAP8?.buffer?.byteLength ?? 0;
}

/** Test hook (worker side): take and free 1.1 GB of the heap, as a big run would: the memory
 * stays grown. fail: then end the run as a MemoryError does (called from the run's progress
 * report, the throw reaches Python's call, whose answer is an internal error). */
export function growHeap(pyodide, fail = false) {
  const m = pyodide?._module;
  if (m?._realloc && m._free) m._free(m._realloc(0, 1100 * 2 ** 20)); // realloc(NULL, n): malloc, not exported
  if (fail) throw new Error("out of memory (a fault injected by a test)");
}
