import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // Two shells: the console, and the portal (issue 3) which must not load console code.
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        portal: path.resolve(import.meta.dirname, 'portal.html'),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
