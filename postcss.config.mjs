// Tailwind CSS v4 runs as a PostCSS plugin in Next's build; app/globals.css holds the design tokens it reads.
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

export default config;
