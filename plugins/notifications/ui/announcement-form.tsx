import { useState, type FormEvent } from 'react';
import { ApiError, Button, FormErrors, Input, Textarea, useApi } from '@cassette/plugin-sdk/ui';

/**
 * On a self-hosted install the team's admins are the ones who announce things
 * (maintenance windows, new conventions), so they post from the panel itself.
 */
export function AnnouncementForm({ onPosted }: { onPosted(): void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [posting, setPosting] = useState(false);

  if (!open) {
    return (
      <Button size="small" variant="secondary" onClick={() => setOpen(true)}>
        Post an announcement
      </Button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPosting(true);
    setErrors([]);
    try {
      await api.post('/announcements', { title: title.trim(), description: description.trim() });
      setOpen(false);
      setTitle('');
      setDescription('');
      onPosted();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.errors : ['Could not post the announcement. Try again.']);
    } finally {
      setPosting(false);
    }
  };
  return (
    <form className="cs-form" onSubmit={submit}>
      <Input label="Title" name="title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      <Textarea label="Message" name="description" required rows={3} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" size="small" loading={posting} disabled={!title.trim() || !description.trim()}>
          Post
        </Button>
        <Button type="button" variant="ghost" size="small" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
