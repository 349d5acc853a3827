import { freshSqliteUrl } from "@/test/support/sqlite-file";
import { transcriptsSuite } from "./transcripts-suite";

transcriptsSuite("sqlite", () => Promise.resolve(freshSqliteUrl("transcripts")));
