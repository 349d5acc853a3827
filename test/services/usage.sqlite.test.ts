import { freshSqliteUrl } from "@/test/support/sqlite-file";
import { usageSuite } from "./usage-suite";

usageSuite("sqlite", () => Promise.resolve(freshSqliteUrl("usage")));
