'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '../types';
import { useTakenOver } from '../shared/use-taken-over';
import { createSignaturePadController, type SignaturePadController } from './signature-pad-controller';
import styles from './signature.module.css';

/** What the status line under the pad says. */
type Feedback = 'none' | 'empty' | 'saving' | 'saved' | 'failed';

/** The name the saved image is uploaded with; the respondent never sees it. */
const FILE_NAME = 'signature.png';

/**
 * other_signature. Answer (SINGLE): the upload id of the saved PNG, `["<upload id>"]`.
 *
 * Drawing is pointer and touch only (a signature is a path-based gesture, the kind WCAG 2.5.7 treats as
 * essential); every command — undo, clear, lock, save — is a native button. The answer is the saved image, so
 * a stroke, undo or clear after saving empties the answer until the respondent saves again: what is submitted
 * is always what the pad shows.
 */
function OtherSignature({ value, onChange, labelId, describedBy, invalid, disabled = false, uploads }: WidgetProps) {
  const t = useTranslations('widgets');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<SignaturePadController | null>(null);
  const [empty, setEmpty] = useState(true);
  const [locked, setLocked] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(value.length > 0 ? 'saved' : 'none');

  // The pad reports strokes long after the render that created it: it reads the latest answer and callback.
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const controller = createSignaturePadController(canvas, {
      onChange: () => {
        setEmpty(controller.isEmpty());
        setFeedback('none');
        if (valueRef.current.length > 0) onChangeRef.current([]);
      },
    });
    controllerRef.current = controller;
    controller.resize();
    // The canvas follows its box; a resize of the bitmap must follow it too, or strokes land off the pen.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => controller.resize());
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      controller.destroy();
      controllerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    if (locked || disabled) controller.lock();
    else controller.unlock();
  }, [locked, disabled]);

  async function save() {
    const controller = controllerRef.current;
    if (!controller || !uploads) return;
    if (controller.isEmpty()) {
      setFeedback('empty');
      return;
    }
    setFeedback('saving');
    try {
      const { id } = await uploads.upload(controller.toBlob('image/png'), FILE_NAME);
      onChangeRef.current([id]);
      setFeedback('saved');
    } catch {
      setFeedback('failed');
    }
  }

  const status =
    feedback === 'saved'
      ? t('signature_saved')
      : feedback === 'saving'
        ? uploads?.online === false
          ? t('signature_waiting')
          : t('signature_saving')
        : '';
  const alert = feedback === 'empty' ? t('signature_empty') : feedback === 'failed' ? t('signature_failed') : '';
  // The pad and its buttons act only through the client: on the server-rendered page they show as not available
  // yet (the pad as locked), rather than take strokes and presses that do nothing.
  const takenOver = useTakenOver();
  const unavailable = disabled || !takenOver;
  const editable = !unavailable && !locked;

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className={styles.signature}>
      <div className={styles.pad} data-locked={locked || unavailable || undefined} data-invalid={invalid || undefined}>
        <canvas ref={canvasRef} className={styles.canvas} role="img" aria-label={t('signature_label')} />
        <span className={styles.baseline} aria-hidden="true">
          ×
        </span>
      </div>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.tool}
          onClick={() => controllerRef.current?.undo()}
          disabled={!editable || empty}
        >
          {t('signature_undo')}
        </button>
        <button
          type="button"
          className={styles.tool}
          onClick={() => controllerRef.current?.clear()}
          disabled={!editable || empty}
        >
          {t('signature_clear')}
        </button>
        <button type="button" className={styles.tool} onClick={() => setLocked((was) => !was)} disabled={unavailable}>
          {locked ? t('signature_unlock') : t('signature_lock')}
        </button>
        <button
          type="button"
          className={styles.save}
          onClick={() => void save()}
          disabled={unavailable || !uploads || feedback === 'saving'}
        >
          {t('signature_save')}
        </button>
      </div>
      <p role="status" className={styles.status} data-saved={feedback === 'saved' || undefined}>
        {status}
      </p>
      <p role="alert" className={styles.alert}>
        {alert}
      </p>
    </div>
  );
}

export default OtherSignature;
