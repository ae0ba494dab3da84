import { styled } from '@/lib/styled';

export const Skeleton = styled('div', 'animate-pulse rounded-md bg-accent', { 'data-slot': 'skeleton' });
