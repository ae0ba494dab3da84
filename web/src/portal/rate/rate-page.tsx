import { CircleCheck, Clock, LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-error';
import { ratingLinkApi } from '../api';
import { TEXT } from '../constants';
import { failureText } from '../outcome';
import { CenteredPage } from '../shared/centered-page';
import { NoticeCard } from '../shared/notice-card';
import { RatingForm } from '../shared/rating-form';
import type { RatingPage as Page, Rating } from '../types';

type State =
  | { status: 'loading' }
  | { status: 'ready'; page: Page }
  | { status: 'rated'; rating: Rating }
  | { status: 'failed'; code: number | null; message: string };

/**
 * `/rate/{token}`: the satisfaction question sent by email, SMS, WhatsApp or Messenger (contract section 14),
 * asked as the chat asks it. An unknown link, an expired one (7 days) and one already answered each say so.
 */
export default function RatePage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    ratingLinkApi
      .get(token, ctrl.signal)
      .then((page) => {
        document.title = `${page.app_name} · Rate our support`;
        setState(page.rating ? { status: 'rated', rating: page.rating } : { status: 'ready', page });
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        const code = err instanceof ApiError ? err.status : null;
        setState({ status: 'failed', code, message: failureText(err, TEXT.ratingUnknown) });
      });
    return () => ctrl.abort();
  }, [token]);

  if (state.status === 'failed') {
    const expired = state.code === 410;
    return (
      <CenteredPage>
        <NoticeCard
          icon={expired ? Clock : LinkIcon}
          title={expired ? 'Link Expired' : 'Invalid Rating Link'}
          tone={expired ? 'default' : 'destructive'}
        >
          {state.message}
        </NoticeCard>
      </CenteredPage>
    );
  }
  if (state.status === 'rated') {
    return (
      <CenteredPage>
        <NoticeCard icon={CircleCheck} title={TEXT.ratingThanks}>
          You rated us {state.rating.score} out of 5.
          {state.rating.comment ? ` “${state.rating.comment}”` : ''}
        </NoticeCard>
      </CenteredPage>
    );
  }
  return (
    <CenteredPage>
      <Card className="grid gap-4 p-5 sm:p-6">
        {state.status === 'loading' ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <>
            <header className="grid gap-1">
              <p className="text-muted-foreground text-sm">{state.page.company_name}</p>
              <h1 className="font-semibold text-lg">{state.page.app_name} support</h1>
            </header>
            <RatingForm
              question={state.page.question}
              onRate={(body) => ratingLinkApi.rate(token, body)}
              onRated={(rating) => setState({ status: 'rated', rating })}
            />
          </>
        )}
      </Card>
    </CenteredPage>
  );
}
