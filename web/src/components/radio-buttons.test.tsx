import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioButtons } from './radio-buttons';

const OPTIONS = [
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'all', label: 'All' },
] as const;

function Picker({ onOuterKey }: { onOuterKey: () => void }) {
  const [value, setValue] = useState<(typeof OPTIONS)[number]['value']>('all');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: stands for a page's own keyboard shortcuts
    <div onKeyDown={onOuterKey}>
      <RadioButtons
        aria-label="Assignment"
        options={[...OPTIONS]}
        value={value}
        onChange={setValue}
        buttonClassName={() => ''}
      />
    </div>
  );
}

const checked = () => screen.getAllByRole('radio').find((r) => r.getAttribute('aria-checked') === 'true')!;

describe('RadioButtons', () => {
  it('lets Tab reach only the chosen button, and arrows move and choose, wrapping', () => {
    const outer = vi.fn();
    render(<Picker onOuterKey={outer} />);
    expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([-1, -1, 0]);
    checked().focus();
    fireEvent.keyDown(checked(), { key: 'ArrowRight' });
    expect(checked().textContent).toBe('Mine');
    expect(document.activeElement).toBe(checked());
    fireEvent.keyDown(checked(), { key: 'ArrowLeft' });
    expect(checked().textContent).toBe('All');
    fireEvent.keyDown(checked(), { key: 'Home' });
    expect(checked().textContent).toBe('Mine');
    fireEvent.keyDown(checked(), { key: 'ArrowDown' });
    expect(checked().textContent).toBe('Unassigned');
    // The page's own shortcuts never saw the arrows.
    expect(outer).not.toHaveBeenCalled();
    fireEvent.keyDown(checked(), { key: 'j' });
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
