import { type LucideIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { RadioButtons } from '@/components/radio-buttons';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { setTheme, type Theme, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const OPTIONS: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', icon: SunIcon },
  { value: 'dark', label: 'Dark', icon: MoonIcon },
  { value: 'system', label: 'System', icon: MonitorIcon },
];

/** Light, dark, or following the operating system (product spec section 4); applies at once. */
export function ThemeCard() {
  const { theme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="theme-title">Theme</CardTitle>
        <CardDescription>System follows your device's light or dark setting.</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioButtons
          aria-labelledby="theme-title"
          options={OPTIONS}
          value={theme}
          onChange={setTheme}
          className="grid grid-cols-3 gap-2 sm:gap-3"
          iconClassName="size-5"
          buttonClassName={(active) =>
            cn(
              'flex flex-col items-center gap-2 rounded-lg border p-3 text-sm hover:bg-accent',
              active && 'border-primary bg-accent font-medium ring-1 ring-primary',
            )
          }
        />
      </CardContent>
    </Card>
  );
}
