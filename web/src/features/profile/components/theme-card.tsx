import { type LucideIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
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
        <div role="radiogroup" aria-labelledby="theme-title" className="grid grid-cols-3 gap-2 sm:gap-3">
          {OPTIONS.map(({ value, label, icon: Icon }) => (
            // biome-ignore lint/a11y/useSemanticElements: a button group styled as cards, with radio semantics
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={theme === value}
              onClick={() => setTheme(value)}
              className={cn(
                'flex flex-col items-center gap-2 rounded-lg border p-3 text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                theme === value && 'border-primary bg-accent font-medium ring-1 ring-primary',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
