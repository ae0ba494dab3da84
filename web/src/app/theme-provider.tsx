import { type ReactNode, useEffect } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { useTheme, watchTheme } from '@/lib/theme';

/** Applies the stored theme app-wide and follows the OS colour scheme live while the theme is 'system'. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  useEffect(() => watchTheme(), []);
  const { resolved } = useTheme();
  return (
    <>
      {children}
      <Toaster position="top-right" theme={resolved} />
    </>
  );
}
