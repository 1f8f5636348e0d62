// Loading a WebAssembly module, for the calculator and the storm lab
// alike, and each instance's compiled module. Nothing here runs on load.

// Each instance's compiled module, by its exports: the fit's worker
// instantiates the page's own copy instead of fetching it again.
export const compiled = new WeakMap();

// Streaming needs the application/wasm type; compiling the bytes does not.
export async function loadWasm(url) {
  const { module, instance } = await WebAssembly.instantiateStreaming(fetch(url))
    .catch(async () => WebAssembly.instantiate(await (await fetch(url)).arrayBuffer()));
  compiled.set(instance.exports, module);
  return instance.exports;
}
