/**
 * useLayoutEffect in the browser (runs in the commit, before the frame is painted and before any input in it is
 * handled), useEffect in the server's render, where there is no document and useLayoutEffect would only warn.
 */
import { useEffect, useLayoutEffect } from "react";

export const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;
