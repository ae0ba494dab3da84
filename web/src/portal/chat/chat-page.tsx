import { useCallback, useEffect } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { entryUrl, navigate, reload } from '../navigation';
import { portalStore } from '../storage';
import { useWidgetBridge } from '../widget-bridge';
import { ChatBanner } from './chat-banner';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { LoadFailed } from './load-failed';
import { MessageList } from './message-list';
import { useChat } from './use-chat';
import { useSend } from './use-send';
import { useTypingSignal } from './use-typing-signal';
import { useUploads } from './use-uploads';

/** `/portal/chat?token=`: the customer's conversation with support. */
export default function ChatPage({ params }: { params: URLSearchParams }) {
  const token = params.get('token') || portalStore.token();
  useEffect(() => {
    if (!token) navigate(entryUrl(portalStore.appId()), { replace: true });
  }, [token]);
  return token ? <Chat token={token} /> : null;
}

function Chat({ token }: { token: string }) {
  const backToEntry = useCallback((appId: string | null) => navigate(entryUrl(appId), { replace: true }), []);
  const chat = useChat(token, backToEntry);
  useWidgetBridge(chat.messages);
  const { send, sending, error } = useSend({
    token,
    phase: chat.phase,
    onSent: chat.addMessage,
    onPhase: chat.setPhase,
    onGone: chat.goneFrom,
  });
  const uploads = useUploads(token);
  const onType = useTypingSignal(token, chat.phase === 'active');

  const startNew = () => {
    portalStore.clearSession();
    reload(entryUrl(chat.appId ?? portalStore.appId(), true));
  };

  const conversation = chat.load.status === 'ready' ? chat.load.conversation : null;
  useEffect(() => {
    if (conversation) document.title = `${conversation.app.app_name} · Support`;
  }, [conversation]);

  if (chat.load.status === 'failed') {
    return (
      <LoadFailed
        message={chat.load.message}
        onRetry={chat.load.canRetry ? chat.retry : undefined}
        onStartNew={startNew}
      />
    );
  }

  return (
    <div className="flex h-dvh flex-col bg-muted/40 dark:bg-background">
      <ChatHeader conversation={conversation} />
      {conversation ? (
        <MessageList
          messages={chat.messages}
          token={token}
          agentTyping={chat.agentTyping}
          footer={
            chat.phase === 'active' ? undefined : <ChatBanner kind={chat.phase} onStartNew={startNew} />
          }
        />
      ) : (
        <ListSkeleton />
      )}
      <Composer
        phase={chat.phase}
        disabled={!conversation}
        sending={sending}
        error={error}
        uploads={uploads}
        onType={onType}
        onSend={send}
      />
    </div>
  );
}

function ListSkeleton() {
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 pt-6"
      role="status"
      aria-busy="true"
      aria-label="Loading"
    >
      <Skeleton className="h-12 w-2/3 self-end rounded-2xl" />
      <Skeleton className="h-16 w-3/4 rounded-2xl" />
      <Skeleton className="h-10 w-1/2 self-end rounded-2xl" />
    </div>
  );
}
