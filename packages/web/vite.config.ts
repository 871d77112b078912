import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // one stylesheet, loaded with the page as before: pages are lazy chunks (app/lazy-pages.ts), and split
  // stylesheets would apply in the order pages happen to load, not the order the rules were written in
  build: { outDir: 'dist', emptyOutDir: true, cssCodeSplit: false },
});
