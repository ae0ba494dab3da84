import { CreateLabelBody, Done, IdQuery, Label, LabelsQuery, UpdateLabelBody } from '@inbox/contract';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { createLabel, deleteLabel, listLabels, updateLabel } from './service.ts';

/** `/labels` (contract section 13): everyone reads the company's labels; admins and managers keep them. */
export const labelRoutes = companyPlugin('labels', async (app) => {
  app.get(
    '/labels',
    spec("The company's labels, by name (everyone)", { querystring: LabelsQuery }, z.array(Label)),
    async (request) => ok(await listLabels(request.companyCtx!, request.query.search)),
  );

  app.post(
    '/labels',
    spec(
      'Create a label (company admin or manager); a name the company already has, in any case, answers 409',
      { body: CreateLabelBody },
      Label,
      201,
    ),
    async (request) => ok(await createLabel(request.companyCtx!, request.body)),
  );

  app.put(
    '/labels',
    spec(
      'Rename, recolour or describe a label (company admin or manager): every conversation and customer carrying it shows the change at once',
      { querystring: IdQuery, body: UpdateLabelBody },
      Label,
    ),
    async (request) => ok(await updateLabel(request.companyCtx!, request.query.id, request.body)),
  );

  app.delete(
    '/labels',
    spec(
      'Delete a label (company admin or manager): it leaves every conversation and customer that carried it',
      { querystring: IdQuery },
      Done,
    ),
    async (request) => {
      await deleteLabel(request.companyCtx!, request.query.id);
      return done('Label deleted');
    },
  );
});
