// Sets `.dark` on <html> before the first paint (an inline script in <head>), so a dark-theme reader never sees a
// white flash while React loads. It repeats readTheme()'s logic in plain ES5 because it runs before any bundle.
import { THEME_KEY } from "./theme-storage";

const script = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});var d=t==="dark"||(t!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
