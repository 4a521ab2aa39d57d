import type { Signal } from '@preact/signals';
import { t } from '../lib/strings';
import { aftersalesApi, fileProblem, UPLOAD_RULES, type UploadMeta } from '../request/aftersales-api';
import { failureMessage } from '../lib/failure';

/** Why a file breaks the upload rules (type, size), as the text to show, or null. */
export function fileRefusal(s: Record<string, string> | undefined, file: File): string | null {
  const problem = fileProblem(file);
  return problem === null ? null : t(s, problem === 'size' ? 'aftersales.error.fileSize' : 'aftersales.error.fileType');
}

/** The texts of an upload field, already translated by the form that shows it. */
export interface UploadTexts {
  /** Shown when the shopper picks more files than `max`. */
  tooMany: string;
  /** The remove button of one uploaded file. */
  remove: string;
  /** Why the server refused an upload. */
  failed: (error: unknown) => string;
}

/**
 * The file input and the list of uploaded files of the business application, the after-sales request and the review
 * form: files go up one by one (POST upload), each can be removed again, and `files` holds what was uploaded. The
 * form keeps its own label, hint and field error around it.
 */
export function UploadList({
  id,
  testId,
  listTestId,
  files,
  max,
  accept,
  refuse,
  texts,
  onMessage,
  showSize = true,
  invalid = false,
}: {
  id: string;
  testId: string;
  listTestId: string;
  files: Signal<UploadMeta[]>;
  max: number;
  accept: string;
  /** Why a chosen file cannot be sent (as text to show), or null. */
  refuse: (file: File) => string | null;
  texts: UploadTexts;
  onMessage: (text: string) => void;
  showSize?: boolean;
  invalid?: boolean;
}) {
  const add = async (list: FileList | null) => {
    onMessage('');
    for (const file of Array.from(list ?? [])) {
      if (files.value.length >= max) {
        onMessage(texts.tooMany);
        break;
      }
      const refused = refuse(file);
      if (refused) {
        onMessage(refused);
        continue;
      }
      try {
        files.value = [...files.value, await aftersalesApi.upload(file)];
      } catch (e) {
        onMessage(texts.failed(e));
      }
    }
  };
  const remove = (upload: UploadMeta) =>
    void aftersalesApi
      .removeUpload(upload.id)
      .then(() => (files.value = files.value.filter((x) => x.id !== upload.id)));
  return (
    <>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple
        disabled={files.value.length >= max}
        aria-invalid={invalid ? 'true' : undefined}
        onChange={(e) => void add((e.target as HTMLInputElement).files)}
        data-testid={testId}
      />
      <ul data-testid={listTestId}>
        {files.value.map((f) => (
          <li key={f.id}>
            {f.fileName}
            {showSize ? ` (${Math.ceil(f.size / 1024)} KB)` : ''}{' '}
            <button type="button" class="button button--link" onClick={() => remove(f)}>
              {texts.remove}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The photos or proof of an after-sales request (a repair, an exchange, a return): the after-sales upload rules (types,
 * size, how many) with their texts, under the form's own field id and test ids (`<prefix>-files`, `<prefix>-uploaded`).
 */
export function RequestUploads({
  prefix,
  files,
  strings: s,
  onMessage,
}: {
  prefix: string;
  files: Signal<UploadMeta[]>;
  strings: Record<string, string> | undefined;
  onMessage: (text: string) => void;
}) {
  return (
    <UploadList
      id={`${prefix}-files`}
      testId={`${prefix}-files`}
      listTestId={`${prefix}-uploaded`}
      files={files}
      max={UPLOAD_RULES.maxFiles}
      accept=".jpg,.jpeg,.png,.pdf"
      refuse={(file) => fileRefusal(s, file)}
      texts={{
        tooMany: t(s, 'aftersales.error.tooManyFiles'),
        remove: t(s, 'giftCard.remove'),
        failed: (e) => failureMessage(e, s) || t(s, 'aftersales.error.uploadFailed'),
      }}
      onMessage={onMessage}
    />
  );
}
