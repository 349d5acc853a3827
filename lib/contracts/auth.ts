// Inputs of the sign-in, sign-up and account doors. Emails are compared lower-cased; passwords are never trimmed.
import { z } from "zod";
import { MIN_PASSWORD } from "./zod-free";

export { MIN_PASSWORD } from "./zod-free";

export const ZEmail = z
  .string({ error: "email is required." })
  .trim()
  .toLowerCase()
  .max(254, { error: "email may be at most 254 characters." })
  .regex(/^[^\s@]+@[^\s@]+$/, { error: "email must look like name@example.com." });

export const ZNewPassword = z
  .string({ error: "password is required." })
  .min(MIN_PASSWORD, { error: `password must be at least ${MIN_PASSWORD} characters.` })
  .max(1024, { error: "password may be at most 1,024 characters." });

export const ZDisplayName = z.string().trim().min(1).max(100, { error: "name may be at most 100 characters." });

export const ZLoginInput = z.object({
  email: ZEmail,
  password: z.string({ error: "password is required." }).min(1, { error: "password is required." }).max(1024),
});

export const ZSignUpInput = z.object({ email: ZEmail, password: ZNewPassword, name: ZDisplayName.optional() });

export const ZSwitchProjectInput = z.object({ projectId: z.string().min(1).max(200) });

/** The signed-in person as the dashboard sees them. */
export interface MeView {
  mode: "accounts" | "single-user";
  user: { id: string; email: string; name: string | null } | null;
  project: { id: string; name: string; slug: string; role: import("@/lib/auth/roles").Role } | null;
  projects: { id: string; name: string; slug: string; role: import("@/lib/auth/roles").Role }[];
}
