import { freshPgUrl } from "@/test/support/pg";
import { transcriptsSuite } from "./transcripts-suite";

transcriptsSuite("postgresql", () => freshPgUrl("transcripts"));
