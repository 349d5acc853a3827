import { freshSqliteUrl } from "@/test/support/sqlite-file";
import { oauthGrantsSuite } from "./oauth-grants-suite";

oauthGrantsSuite(() => Promise.resolve(freshSqliteUrl("oauth-grants")));
