import { freshPgUrl } from "@/test/support/pg";
import { usageSuite } from "./usage-suite";

usageSuite("postgresql", () => freshPgUrl("usage"));
