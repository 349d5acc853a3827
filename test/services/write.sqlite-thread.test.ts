import { freshSqliteUrl } from "@/test/support/sqlite-file";
import { writeSuite } from "./write-suite";

writeSuite("sqlite", async () => freshSqliteUrl("write-thread"), { writeThread: true });
