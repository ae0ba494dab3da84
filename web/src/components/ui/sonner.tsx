import { Toaster as Sonner, type ToasterProps } from 'sonner';

export function Toaster({ theme, ...props }: ToasterProps) {
  return <Sonner theme={theme} className="toaster group" richColors closeButton {...props} />;
}
