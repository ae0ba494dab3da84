import { type ReactNode, useEffect } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { useIsMobile } from '@/features/shell/use-is-mobile';
import { useTheme, watchTheme } from '@/lib/theme';

/** Applies the stored theme app-wide and follows the OS colour scheme live while the theme is 'system'. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  useEffect(() => watchTheme(), []);
  const { resolved } = useTheme();
  // Toasts sit where no button is: on a wide screen in the empty middle of the top bar (page actions are on
  // the right, navigation on the left); on a phone above the composer and the page's bottom edge.
  const phone = useIsMobile();
  return (
    <>
      {children}
      <Toaster
        position={phone ? 'bottom-center' : 'top-center'}
        offset={phone ? { bottom: 112 } : { top: 4 }}
        mobileOffset={{ bottom: 112 }}
        theme={resolved}
      />
    </>
  );
}
