import type * as React from 'react';
import { styled } from '@/lib/styled';

export const Card = styled(
  'div',
  'flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm',
  { 'data-slot': 'card' },
);
export const CardHeader = styled('div', 'grid auto-rows-min gap-1.5 px-6', { 'data-slot': 'card-header' });
export const CardTitle = styled('div', 'font-semibold leading-none', { 'data-slot': 'card-title' });
export const CardDescription = styled('div', 'text-muted-foreground text-sm', {
  'data-slot': 'card-description',
});
export const CardContent = styled('div', 'px-6', { 'data-slot': 'card-content' });
export const CardFooter = styled('div', 'flex items-center px-6', { 'data-slot': 'card-footer' });

/** A card's title and description with an action (a create or add button) beside them, below on a phone. */
export function CardHeaderWithAction({
  title,
  description,
  action,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="space-y-1.5">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {action}
    </CardHeader>
  );
}

/** A card with its title, an optional description under it, and its content. */
export function TitledCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
