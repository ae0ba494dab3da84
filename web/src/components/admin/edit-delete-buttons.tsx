import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The pencil and bin at the end of a managed record's row, named after the record for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
        <PencilIcon />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2Icon />
      </Button>
    </>
  );
}
