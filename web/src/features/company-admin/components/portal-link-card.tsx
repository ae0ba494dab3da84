import { CopyButton } from '@/components/copy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The link customers open to chat with this app: the portal on the same site as this console. */
export const portalUrl = (appId: number) => `${window.location.origin}/portal?app_id=${appId}`;

/** An iframe a company pastes into its own site; the portal may be framed anywhere (server static-web). */
export const embedSnippet = (appId: number) =>
  `<iframe src="${portalUrl(appId)}" title="Contact Support" style="width:100%;max-width:420px;height:640px;border:0"></iframe>`;

/** Where customers reach the app: its portal link and a snippet to embed the chat in another site. */
export function PortalLinkCard({ appId, isActive }: { appId: number; isActive: boolean }) {
  const url = portalUrl(appId);
  const snippet = embedSnippet(appId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer portal</CardTitle>
        <CardDescription>
          {isActive
            ? 'Customers start a chat with this app at this link. Share it, or embed the chat in your site.'
            : 'This app is inactive: customers who open the link are told it is not valid until the app is active again.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <div className="grid gap-2">
          <Label htmlFor="portal_link">Portal link</Label>
          <div className="flex min-w-0 gap-2">
            <Input id="portal_link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton text={url} what="portal link" />
          </div>
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="portal_embed">Embed in your site</Label>
            <CopyButton text={snippet} what="embed snippet" />
          </div>
          <Textarea
            id="portal_embed"
            readOnly
            rows={3}
            value={snippet}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      </CardContent>
    </Card>
  );
}
