/** Under the Vite dev server the worker entry is not used; this resource route forwards /v1/* (the public API) to the API worker. */
export { action, loader } from "./api.$";
