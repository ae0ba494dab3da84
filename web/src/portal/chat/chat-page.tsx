import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { portalApi } from '../api';
import { TEXT } from '../constants';
import { entryUrl, navigate, reload } from '../navigation';
import { RatingForm } from '../shared/rating-form';
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
  const [rated, setRated] = useState(false);
  const asking = chat.ratingRequest !== null && !rated;

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
      {asking ? (
        // Contract section 14: the question takes the composer's place until it is answered.
        <footer className="border-t bg-background pb-[env(safe-area-inset-bottom)]">
          <div className="mx-auto w-full max-w-3xl px-3 pt-3 pb-3 sm:px-4">
            <RatingForm
              question={chat.ratingRequest!.question}
              onRate={(body) => portalApi.rate(token, body)}
              onRated={() => setRated(true)}
            />
          </div>
        </footer>
      ) : (
        <>
          {rated && (
            <p
              role="status"
              className="flex items-center justify-center gap-2 border-t bg-background px-4 pt-2 text-muted-foreground text-sm"
            >
              <CircleCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
              {TEXT.ratingThanks}
            </p>
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
        </>
      )}
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
