import { freshPgUrl } from "@/test/support/pg";
import { reasoningSuite } from "./reasoning-suite";

reasoningSuite("postgresql", () => freshPgUrl("reasoning"));
