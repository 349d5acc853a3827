import { freshPgUrl } from "@/test/support/pg";
import { writeSuite } from "./write-suite";

writeSuite("postgresql", () => freshPgUrl("write"));
