'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import type { WidgetProps } from '../types';
import { acceptAttribute, fileLimitsOf, screenFiles, type FileRejection } from './file-limits';
import styles from './file-upload.module.css';

type Status = 'uploading' | 'done' | 'failed';

/** A file chosen in this visit. Files of a resumed answer are known only by their upload id. */
type Entry = {
  key: string;
  name: string;
  size?: number;
  file?: File;
  status: Status;
  progress: number;
  uploadId?: string;
};

function FileIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z M14 3v5h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function RemoveIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
    </svg>
  );
}

/**
 * other_file_upload. Answer (MULTIPLE): the upload ids of the stored files, in the order they were chosen.
 *
 * A real, labelled `<input type="file">` (reachable by keyboard, and usable to pick files before hydration)
 * inside a drop zone. Limits are checked before anything is sent; each accepted file gets a progress bar and a
 * remove button. Uploads go through `props.uploads`, which keeps the file on the device while offline and
 * sends it on reconnect; meanwhile the row says so.
 */
export function OtherFileUpload({
  widget,
  value,
  onChange,
  labelId,
  errorId,
  invalid,
  disabled,
  uploads,
}: WidgetProps) {
  const t = useTranslations('widgets');
  const tValidation = useTranslations('validation');
  const tCommon = useTranslations('common');
  const format = useFormatter();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const chooseId = `${baseId}-choose`;
  const rejectionsId = `${baseId}-rejections`;
  const limits = fileLimitsOf(widget.settings);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const entrySequence = useRef(0);

  // Uploads finish after the render that started them: they read the latest entries, value and onChange.
  const entriesRef = useRef(entries);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  function commitEntries(next: Entry[]) {
    entriesRef.current = next;
    setEntries(next);
  }

  /** Ids of a resumed answer first, then this visit's stored files in the order they were chosen. */
  function publish(next: Entry[]) {
    const visitIds = new Set(next.flatMap((entry) => (entry.uploadId ? [entry.uploadId] : [])));
    const carried = valueRef.current.filter((id) => !visitIds.has(id));
    const stored = next.flatMap((entry) => (entry.status === 'done' && entry.uploadId ? [entry.uploadId] : []));
    onChangeRef.current([...carried, ...stored]);
  }

  function patch(key: string, change: Partial<Entry>): Entry | undefined {
    const current = entriesRef.current.find((entry) => entry.key === key);
    // Removed while it was uploading: its late result is dropped.
    if (!current) return undefined;
    const updated = { ...current, ...change };
    commitEntries(entriesRef.current.map((entry) => (entry.key === key ? updated : entry)));
    return updated;
  }

  function start(entry: Entry) {
    if (!uploads || !entry.file) return;
    uploads
      .upload(entry.file, entry.name, (fraction) => patch(entry.key, { progress: fraction }))
      .then(({ id }) => {
        if (!patch(entry.key, { status: 'done', progress: 1, uploadId: id })) return;
        publish(entriesRef.current);
        setAnnouncement(t('file_uploaded', { name: entry.name }));
      })
      .catch(() => {
        if (!patch(entry.key, { status: 'failed' })) return;
        setAnnouncement(t('file_failed', { name: entry.name }));
      });
  }

  function addFiles(files: readonly File[]) {
    if (disabled || !uploads || files.length === 0) return;
    const kept = valueRef.current.length + entriesRef.current.filter((entry) => entry.status === 'uploading').length;
    const { accepted, rejected } = screenFiles(files, kept, limits);
    setRejections(rejected);
    const added = accepted.map((file): Entry => ({
      key: `file-${(entrySequence.current += 1)}`,
      name: file.name,
      size: file.size,
      file,
      status: 'uploading',
      progress: 0,
    }));
    commitEntries([...entriesRef.current, ...added]);
    added.forEach(start);
  }

  function retry(entry: Entry) {
    const restarted = patch(entry.key, { status: 'uploading', progress: 0 });
    if (restarted) start(restarted);
  }

  function remove(row: Entry) {
    const next = entriesRef.current.filter((entry) => entry.key !== row.key);
    commitEntries(next);
    if (row.uploadId) onChange(valueRef.current.filter((id) => id !== row.uploadId));
    setRejections([]);
  }

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    addFiles(Array.from(event.target.files ?? []));
    // Cleared so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragOver(false);
    addFiles(Array.from(event.dataTransfer.files));
  }

  function rejectionMessage(reason: FileRejection['reason']): string {
    switch (reason) {
      case 'format':
        return tValidation('file_format', { types: limits.extensions.join(', ') });
      case 'size':
        return tValidation('file_size', { size: limits.maxSizeMb });
      case 'count':
        return tValidation('file_count', { count: limits.maxFiles });
    }
  }

  // The answer decides which stored files show; this visit's uploads in progress or failed follow them.
  const byUploadId = new Map(entries.flatMap((entry) => (entry.uploadId ? [[entry.uploadId, entry] as const] : [])));
  const rows: Entry[] = [
    ...value.map(
      (id): Entry => byUploadId.get(id) ?? { key: `saved-${id}`, name: id, status: 'done', progress: 1, uploadId: id },
    ),
    ...entries.filter((entry) => entry.status !== 'done'),
  ];
  const countRejected = rejections.some((rejection) => rejection.reason === 'count');
  const fileRejections = rejections.filter((rejection) => rejection.reason !== 'count');
  const canChoose = !disabled && uploads !== undefined;
  const describedBy = [rejections.length > 0 ? rejectionsId : undefined, errorId].filter(Boolean).join(' ');

  function statusText(row: Entry): string {
    if (row.status === 'done') return t('file_uploaded', { name: row.name });
    if (row.status === 'failed') return t('file_failed', { name: row.name });
    return uploads?.online === false ? t('file_waiting', { name: row.name }) : t('file_uploading', { name: row.name });
  }

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId} className={styles.upload}>
      <div
        className={styles.dropZone}
        data-over={dragOver || undefined}
        data-invalid={invalid || undefined}
        data-disabled={!canChoose || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          if (canChoose) setDragOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
        }}
        onDrop={handleDrop}
      >
        <svg
          className={styles.dropIcon}
          viewBox="0 0 24 24"
          width="32"
          height="32"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M12 16V4m0 0l-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className={styles.dropText}>{t('file_drop')}</p>
        {/* The input stays focusable (visually hidden, not display:none); its label is what sighted users press. */}
        <input
          id={inputId}
          className={styles.input}
          type="file"
          name={`q${widget.id}`}
          multiple={limits.maxFiles > 1}
          accept={acceptAttribute(limits)}
          onChange={handleInput}
          aria-labelledby={`${labelId} ${chooseId}`}
          aria-describedby={describedBy || undefined}
          aria-invalid={invalid}
          aria-required={widget.required}
          disabled={!canChoose}
        />
        <label id={chooseId} htmlFor={inputId} className={styles.choose}>
          {t('file_choose')}
        </label>
      </div>

      <div id={rejectionsId} role="alert" className={styles.rejections}>
        {rejections.length > 0 && (
          <ul>
            {fileRejections.map((rejection) => (
              <li key={`${rejection.name}-${rejection.reason}`}>
                <span className={styles.rejectedName}>{rejection.name}</span> {rejectionMessage(rejection.reason)}
              </li>
            ))}
            {countRejected && <li>{rejectionMessage('count')}</li>}
          </ul>
        )}
      </div>

      {rows.length > 0 && (
        <ul className={styles.files}>
          {rows.map((row) => {
            const statusId = `${baseId}-${row.key}-status`;
            return (
              <li key={row.key} className={styles.file} data-status={row.status}>
                <span className={styles.fileIcon}>
                  <FileIcon />
                </span>
                <span className={styles.fileBody}>
                  <span className={styles.fileName}>
                    {row.name}
                    {row.size !== undefined && (
                      <span className={styles.fileSize}>
                        {format.number(row.size / (1024 * 1024), {
                          style: 'unit',
                          unit: 'megabyte',
                          maximumFractionDigits: 1,
                        })}
                      </span>
                    )}
                  </span>
                  <span id={statusId} className={styles.fileStatus}>
                    {statusText(row)}
                  </span>
                  {row.status === 'uploading' && uploads?.online !== false && (
                    <progress className={styles.progress} max={1} value={row.progress} aria-labelledby={statusId} />
                  )}
                </span>
                {row.status === 'failed' && row.file && (
                  <button
                    type="button"
                    className={styles.retry}
                    onClick={() => retry(row)}
                    aria-label={`${tCommon('retry')}, ${row.name}`}
                    disabled={disabled}
                  >
                    {tCommon('retry')}
                  </button>
                )}
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => remove(row)}
                  aria-label={t('file_remove', { name: row.name })}
                  disabled={disabled}
                >
                  <RemoveIcon />
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <p role="status" className={styles.visuallyHidden}>
        {announcement}
      </p>
    </div>
  );
}

export default OtherFileUpload;
