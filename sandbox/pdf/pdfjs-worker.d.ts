// pdfjs-dist ships no types for its worker module; the sandbox only hands the module to
// pdf.js (globalThis.pdfjsWorker), which reads its WorkerMessageHandler.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
