import { freshPgUrl } from "@/test/support/pg";
import { oauthGrantsSuite } from "./oauth-grants-suite";

oauthGrantsSuite(() => freshPgUrl("oauth_grants"));
