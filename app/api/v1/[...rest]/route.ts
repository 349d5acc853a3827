// Unknown /api/v1 routes — handler in server/http/routes/not-found.ts.
export { GET, POST, PUT, PATCH, DELETE } from "@/server/http/routes/not-found";
