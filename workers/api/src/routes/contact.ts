import { Hono } from "hono";
import type { ApiBindings } from "../env";

/** /api/contact (the contact flow fills this in). */
export const contactRoutes = new Hono<ApiBindings>();
