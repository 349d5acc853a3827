import { freshSqliteUrl } from "@/test/support/sqlite-file";
import { reasoningSuite } from "./reasoning-suite";

reasoningSuite("sqlite", () => Promise.resolve(freshSqliteUrl("reasoning")));
