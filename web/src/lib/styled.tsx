import type * as React from 'react';
import { cn } from './utils';

type Props<C extends React.ElementType> = React.ComponentProps<C> & { className?: string };
/** Props every use starts from; `data-slot` names the part for styles that look for it. */
type Defaults<C extends React.ElementType> = Partial<React.ComponentProps<C>> & {
  [data: `data-${string}`]: string;
};

/**
 * `Base` with these classes: the caller's `className` comes after them (tailwind-merge lets it win where
 * they clash) and its props after `defaults`. The plain primitives of `components/ui` are each one line of
 * this rather than a function that spells out the same spread.
 */
export function styled<C extends React.ElementType>(Base: C, classes: string, defaults?: Defaults<C>) {
  const Component = Base as React.ElementType;
  return function Styled({ className, ...props }: Props<C>) {
    return <Component {...defaults} className={cn(classes, className)} {...props} />;
  };
}

/** The same inside a portal: the floating panels (popover, tooltip, menu) render at the end of the body. */
export function portalled<C extends React.ElementType>(
  Portal: React.ElementType,
  Content: C,
  classes: string,
  defaults?: Defaults<C>,
) {
  const Inner = styled(Content, classes, defaults);
  return function Portalled(props: Props<C>) {
    return (
      <Portal>
        <Inner {...props} />
      </Portal>
    );
  };
}
