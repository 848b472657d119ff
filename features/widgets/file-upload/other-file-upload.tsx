'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import type { WidgetProps } from '../types';
import { acceptAttribute, fileLimitsOf, screenFiles, typesText, type FileRejection } from './file-limits';
import styles from './file-upload.module.css';

type Status = 'uploading' | 'done' | 'failed';

/**
 * A row of the list: a file of the answer (picked here, or known only by its upload id when resumed), or one being
 * kept right now or that could not be kept (with its file, for a retry).
 */
type Entry = {
  key: string;
  name: string;
  size?: number;
  file?: File;
  status: Status;
  /** The answer's value for it. */
  value?: string;
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
 * other_file_upload. Answer (MULTIPLE): the files in the order they were chosen, each by the server's upload id, or
 * by a local reference while the server does not have it yet.
 *
 * A real, labelled `<input type="file">` (reachable by keyboard, and usable to pick files before hydration)
 * inside a drop zone. Limits are checked before anything is sent; each accepted file is part of the answer as soon
 * as `props.uploads` has kept it on this device, which sends it when it can (offline, even after a reload); its row
 * says whether the server has it yet, and has a remove button.
 */
function OtherFileUpload({ widget, value, onChange, labelId, describedBy, invalid, disabled, uploads }: WidgetProps) {
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

  // Keeping a file finishes after the render that started it: it reads the latest entries, value and onChange.
  const entriesRef = useRef(entries);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  // The focus was on a Remove button that is gone: it goes to the next file's, else the last one's, else the picker.
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-remove-of="${CSS.escape(baseId)}"]`);
    (buttons[Math.min(index, buttons.length - 1)] ?? document.getElementById(inputId))?.focus();
  });

  // Files this widget added to the answer whose server state it has yet to announce, by their value, with their name.
  const awaitingServer = useRef(new Map<string, string>());
  const previousValue = useRef(value);
  // After every render: what `describe` answers is not React state, so no dependency says when it changes. Each file
  // is announced once, so this settles.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    const previous = previousValue.current;
    previousValue.current = value;
    for (const [id, name] of awaitingServer.current) {
      if (value.includes(id)) {
        if (uploads?.describe(id)?.state !== 'stored') continue;
        setAnnouncement(t('file_uploaded', { name }));
      } else if (previous.includes(id)) {
        // Once stored, the answer holds the server's id in place of the local one; a refused file is dropped.
        const stored = value.some((candidate) => {
          const described = previous.includes(candidate) ? null : uploads?.describe(candidate);
          return described?.state === 'stored' && described.name === name;
        });
        setAnnouncement(t(stored ? 'file_uploaded' : 'file_failed', { name }));
      } else {
        // Not in the answer yet: the render that adds it comes next.
        continue;
      }
      awaitingServer.current.delete(id);
    }
  });

  function commitEntries(next: Entry[]) {
    entriesRef.current = next;
    setEntries(next);
  }

  function pendingText(name: string): string {
    return uploads?.online === false ? t('file_waiting', { name }) : t('file_uploading', { name });
  }

  function start(entry: Entry): Promise<void> {
    if (!uploads || !entry.file) return Promise.resolve();
    return uploads
      .upload(entry.file, entry.name)
      .then(({ id }) => {
        if (!entriesRef.current.some((candidate) => candidate.key === entry.key)) return;
        commitEntries(entriesRef.current.filter((candidate) => candidate.key !== entry.key));
        onChangeRef.current([...valueRef.current, id]);
        // Kept on this device is not stored yet (the server may still refuse it): "uploaded" waits for the server.
        awaitingServer.current.set(id, entry.name);
        setAnnouncement(pendingText(entry.name));
      })
      .catch(() => {
        commitEntries(
          entriesRef.current.map((candidate) =>
            candidate.key === entry.key ? { ...candidate, status: 'failed' } : candidate,
          ),
        );
        setAnnouncement(t('file_failed', { name: entry.name }));
      });
  }

  /** Files of the answer and files being kept: what `max_files` counts (a failed one holds no place until retried). */
  function keptCount(): number {
    return valueRef.current.length + entriesRef.current.filter((entry) => entry.status === 'uploading').length;
  }

  function addFiles(files: readonly File[]) {
    if (disabled || !uploads || files.length === 0) return;
    const { accepted, rejected } = screenFiles(files, keptCount(), limits);
    setRejections(rejected);
    const added = accepted.map((file): Entry => ({
      key: `file-${(entrySequence.current += 1)}`,
      name: file.name,
      size: file.size,
      file,
      status: 'uploading',
    }));
    commitEntries([...entriesRef.current, ...added]);
    // One after another, so the answer lists the files in the order they were chosen.
    const [first, ...rest] = added;
    if (first) void rest.reduce((previous, entry) => previous.then(() => start(entry)), start(first));
  }

  // Files picked before the client took over (the input works without JavaScript) fired their change before React
  // listened, and files dropped then were put into the input by the page's inline script: they are taken as if just
  // picked.
  const inputRef = useRef<HTMLInputElement>(null);
  function takeInputFiles() {
    const input = inputRef.current;
    if (!input?.files?.length) return;
    addFiles(Array.from(input.files));
    input.value = '';
  }
  const takePickedEarly = useEffectEvent(takeInputFiles);
  useEffect(() => takePickedEarly(), []);

  // A file dropped beside the zone would open in the tab, leaving the survey: while a file question is on the page,
  // the page refuses such a drop (the zone's own handlers take one on it), as the inline script does before the
  // take-over.
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      const outside = !(event.target instanceof Element && event.target.closest('[data-file-drop]'));
      if (!outside || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);

  function retry(entry: Entry) {
    // Files kept since this one failed may have filled the question.
    if (keptCount() >= limits.maxFiles) {
      setRejections([{ name: entry.name, reason: 'count' }]);
      return;
    }
    const restarted = { ...entry, status: 'uploading' as const };
    commitEntries(entriesRef.current.map((candidate) => (candidate.key === entry.key ? restarted : candidate)));
    void start(restarted);
  }

  function remove(row: Entry, index: number) {
    focusAfterRemove.current = index;
    commitEntries(entriesRef.current.filter((entry) => entry.key !== row.key));
    if (row.value !== undefined) {
      awaitingServer.current.delete(row.value);
      onChange(valueRef.current.filter((id) => id !== row.value));
    }
    setRejections([]);
  }

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    addFiles(Array.from(event.target.files ?? []));
    // Cleared so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    // Before the page has taken over, the inline script has taken the drop already (prevented it) and put its files
    // into the input: taken from there, where mounting may have taken them already, so never twice.
    const handedOver = event.isDefaultPrevented();
    event.preventDefault();
    setDragOver(false);
    if (handedOver) takeInputFiles();
    else addFiles(Array.from(event.dataTransfer.files));
  }

  function rejectionMessage(reason: FileRejection['reason']): string {
    switch (reason) {
      case 'format':
        // Isolated left to right (LRI … PDI): in a right-to-left message, ".pdf, .txt" keeps its dots in place.
        return tValidation('file_format', { types: `\u2066${typesText(limits)}\u2069` });
      case 'size':
        return tValidation('file_size', { size: limits.maxSizeMb });
      case 'count':
        return tValidation('file_count', { count: limits.maxFiles });
    }
  }

  // The answer decides which files show; files being kept right now, or that could not be, follow them.
  const rows: Entry[] = [
    ...value.map((id): Entry => {
      const described = uploads?.describe(id);
      return {
        key: `value-${id}`,
        name: described?.name ?? id,
        status: described?.state === 'pending' ? 'uploading' : 'done',
        value: id,
      };
    }),
    ...entries,
  ];
  const countRejected = rejections.some((rejection) => rejection.reason === 'count');
  const fileRejections = rejections.filter((rejection) => rejection.reason !== 'count');
  const canChoose = !disabled && uploads !== undefined;
  const describers = [rejections.length > 0 ? rejectionsId : undefined, describedBy].filter(Boolean).join(' ');

  function statusText(row: Entry): string {
    if (row.status === 'done') return t('file_uploaded', { name: row.name });
    if (row.status === 'failed') return t('file_failed', { name: row.name });
    return pendingText(row.name);
  }

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className={styles.upload}>
      <div
        className={styles.dropZone}
        data-file-drop
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
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="file"
          name={`q${widget.id}`}
          multiple={limits.maxFiles > 1}
          accept={acceptAttribute(limits)}
          onChange={handleInput}
          aria-labelledby={`${labelId} ${chooseId}`}
          aria-describedby={describers || undefined}
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
          {rows.map((row, index) => {
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
                    <progress className={styles.progress} aria-labelledby={statusId} />
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
                  onClick={() => remove(row, index)}
                  data-remove-of={baseId}
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
