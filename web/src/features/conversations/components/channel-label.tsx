import { channelLabel } from '@inbox/contract';
import {
  CodeIcon,
  GlobeIcon,
  type LucideIcon,
  MailIcon,
  MessageCircleIcon,
  MessageCircleMoreIcon,
  MessagesSquareIcon,
  SmartphoneIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

const ICONS: Record<string, LucideIcon> = {
  portal: MessagesSquareIcon,
  web: GlobeIcon,
  email: MailIcon,
  sms: SmartphoneIcon,
  whatsapp: MessageCircleIcon,
  facebook: MessageCircleMoreIcon,
  api: CodeIcon,
};

/** Where a conversation came in: the product spec's label (FB, WhatsApp, SMS...) with a small icon. */
export function ChannelLabel({ channel, className }: { channel: string; className?: string }) {
  const Icon = ICONS[channel] ?? GlobeIcon;
  return (
    <span className={cn('inline-flex items-center gap-1', className)} data-channel={channel}>
      <Icon className="size-3" aria-hidden />
      {channelLabel(channel)}
    </span>
  );
}
