import { Button, Checkbox, Col, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_TYPES, type Question, type QuestionForm, type QuestionType } from '../../api/exam';
import { useSaveQuestion } from '../../api/hooks/exam';
import FormModal from '../../components/form/FormModal';
import { useI18n } from '../../i18n';
import { countBlanks, LETTERS } from './examText';
import { PictureField } from './ExamPictures';
import { MAX_STEM_PICTURES, optionFilled } from './pictures';

interface Values {
  type: QuestionType;
  stem: string;
  images?: number[];
  options: { text: string; image?: number }[];
  single?: string;
  multiple?: string[];
  judge?: boolean;
  blanks: { alts: string[] }[];
  reference?: string;
  review?: boolean;
  explanation?: string;
  difficulty: number;
  tags?: string[];
  courseId?: number;
}

const blankOptions = { options: [] as { value: string }[] };

function fromQuestion(q?: Question): Partial<Values> {
  if (!q) return { type: 'single', images: [], options: [{ text: '' }, { text: '' }, { text: '' }, { text: '' }], blanks: [{ alts: [] }], difficulty: 3, tags: [] };
  const a: unknown = q.answer;
  return {
    type: q.type,
    stem: q.stem,
    images: q.images ?? [],
    options: q.options?.length ? q.options.map((o) => ({ text: o.text, image: o.image || 0 })) : [{ text: '' }, { text: '' }],
    single: q.type === 'single' ? String(a) : undefined,
    multiple: q.type === 'multiple' && Array.isArray(a) ? (a as string[]) : undefined,
    judge: q.type === 'judge' ? a === true : undefined,
    blanks: q.type === 'fill' && Array.isArray(a) ? (a as string[][]).map((alts) => ({ alts })) : [{ alts: [] }],
    reference: q.type === 'short' ? String(a ?? '') : undefined,
    review: q.review,
    explanation: q.explanation,
    difficulty: q.difficulty || 3,
    tags: q.tags ?? [],
    courseId: q.courseId || undefined,
  };
}

function toForm(v: Values, id?: number): QuestionForm {
  const choice = v.type === 'single' || v.type === 'multiple';
  const options = choice ? v.options.map((o, i) => ({ key: LETTERS[i], text: (o.text ?? '').trim(), image: o.image || 0 })) : [];
  const answer =
    v.type === 'single'
      ? v.single
      : v.type === 'multiple'
        ? [...(v.multiple ?? [])].sort()
        : v.type === 'judge'
          ? v.judge
          : v.type === 'fill'
            ? v.blanks.map((b) => b.alts.map((s) => s.trim()).filter(Boolean))
            : (v.reference ?? '').trim();
  return {
    ...(id ? { id } : {}),
    type: v.type,
    stem: v.stem.trim(),
    images: v.images ?? [],
    options,
    answer,
    explanation: (v.explanation ?? '').trim(),
    difficulty: v.difficulty,
    tags: (v.tags ?? []).map((s) => s.trim()).filter(Boolean),
    // the server refuses a courseId of 0 (no course: none sent)
    ...(v.courseId ? { courseId: v.courseId } : {}),
    review: v.type === 'fill' ? !!v.review : false,
  };
}

/** An option's one picture (the form's value a file id, 0 none). */
function OptionPicture({ value, onChange, label, testId }: { value?: number; onChange?: (id: number) => void; label: string; testId: string }) {
  return <PictureField compact max={1} label={label} value={value ? [value] : []} onChange={(ids) => onChange?.(ids[0] ?? 0)} testId={testId} />;
}

/** Add or edit a question of any type; an edit writes a new version (the attempts keep the one their taker saw). */
export default function QuestionDialog({
  target,
  courses,
  onClose,
  onSaved,
}: {
  target: { row?: Question } | null;
  courses: { value: number; label: string }[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const save = useSaveQuestion();
  const row = target?.row;
  const type = Form.useWatch('type', form);
  const options = Form.useWatch('options', form) ?? [];
  const stem = Form.useWatch('stem', form) ?? '';
  const letters = LETTERS.slice(0, options.length);
  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={row ? t('exam.q.edit', { v: row.version }) : t('exam.q.add')}
      values={() => fromQuestion(row)}
      save={(v) => save.mutateAsync(toForm(v, row?.id))}
      onClose={onClose}
      onSaved={onSaved}
      width={760}
      okTestId="exam-q-ok"
      testId="exam-q-form"
    >
      {row && <Typography.Paragraph type="secondary">{t('exam.q.versionHint')}</Typography.Paragraph>}
      <Row gutter={16}>
        <Col span={14}>
          <Form.Item name="type" label={t('exam.col.type')} rules={[{ required: true }]}>
            <Radio.Group optionType="button" buttonStyle="solid" data-testid="exam-q-type" options={QUESTION_TYPES.map((ty) => ({ value: ty, label: t(`exam.type.${ty}`) }))} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="difficulty" label={t('exam.col.difficulty')} extra={t('exam.q.difficultyHint')}>
            <Select options={[1, 2, 3, 4, 5].map((d) => ({ value: d, label: t(`exam.difficulty.${d}` as 'exam.difficulty.1') }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="stem"
        label={t('exam.col.stem')}
        extra={type === 'fill' ? t('exam.q.blankHint', { n: countBlanks(stem) }) : undefined}
        rules={[{ required: true, whitespace: true, message: t('exam.q.stemRequired') }]}
      >
        <Input.TextArea rows={3} maxLength={4000} data-testid="exam-q-stem" />
      </Form.Item>
      <Form.Item name="images" label={t('exam.pic.stem')}>
        <PictureField max={MAX_STEM_PICTURES} label={t('exam.pic.stem')} testId="exam-q-images" />
      </Form.Item>
      {(type === 'single' || type === 'multiple') && (
        <Form.Item label={t('exam.col.options')} required>
          <Form.List name="options">
            {(items, { add, remove }) => (
              <>
                {items.map(({ key, name }, i) => (
                  <Space key={key} align="baseline" style={{ display: 'flex' }}>
                    <Typography.Text strong style={{ width: 16, display: 'inline-block' }}>
                      {LETTERS[i]}
                    </Typography.Text>
                    <Form.Item
                      name={[name, 'text']}
                      dependencies={[['options', name, 'image']]}
                      rules={[
                        ({ getFieldValue }) => ({
                          validator: (_, text?: string) =>
                            optionFilled({ text, image: getFieldValue(['options', name, 'image']) })
                              ? Promise.resolve()
                              : Promise.reject(new Error(t('exam.q.optionOrPicture'))),
                        }),
                      ]}
                      style={{ marginBottom: 8, width: 500 }}
                    >
                      <Input maxLength={1000} data-testid={`exam-q-option-${i}`} />
                    </Form.Item>
                    <Form.Item name={[name, 'image']} style={{ marginBottom: 8 }}>
                      <OptionPicture label={t('exam.pic.option', { key: LETTERS[i] })} testId={`exam-q-option-pic-${i}`} />
                    </Form.Item>
                    {items.length > 2 && <Button type="text" icon={<DeleteOutlined />} aria-label={t('list.delete')} onClick={() => remove(name)} />}
                  </Space>
                ))}
                {items.length < LETTERS.length && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: '', image: 0 })}>
                    {t('exam.q.addOption')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Form.Item>
      )}
      {type === 'single' && (
        <Form.Item name="single" label={t('exam.col.answer')} rules={[{ required: true, message: t('exam.q.answerRequired') }]}>
          <Radio.Group data-testid="exam-q-single" options={letters.map((l) => ({ value: l, label: l }))} />
        </Form.Item>
      )}
      {type === 'multiple' && (
        <Form.Item name="multiple" label={t('exam.col.answer')} rules={[{ required: true, type: 'array', min: 1, message: t('exam.q.answerRequired') }]}>
          <Checkbox.Group data-testid="exam-q-multiple" options={letters.map((l) => ({ value: l, label: l }))} />
        </Form.Item>
      )}
      {type === 'judge' && (
        <Form.Item name="judge" label={t('exam.col.answer')} rules={[{ required: true, message: t('exam.q.answerRequired') }]}>
          <Radio.Group
            data-testid="exam-q-judge"
            options={[
              { value: true, label: t('exam.true') },
              { value: false, label: t('exam.false') },
            ]}
          />
        </Form.Item>
      )}
      {type === 'fill' && (
        <Form.Item label={t('exam.q.blanks')} required extra={t('exam.q.altHint')}>
          <Form.List name="blanks">
            {(items, { add, remove }) => (
              <>
                {items.map(({ key, name }, i) => (
                  <Space key={key} align="baseline" style={{ display: 'flex' }}>
                    <Typography.Text style={{ width: 64, display: 'inline-block' }}>{t('exam.q.blankN', { n: i + 1 })}</Typography.Text>
                    <Form.Item
                      name={[name, 'alts']}
                      rules={[{ required: true, type: 'array', min: 1, message: t('exam.q.altRequired') }]}
                      style={{ marginBottom: 8, width: 520 }}
                    >
                      <Select mode="tags" {...blankOptions} tokenSeparators={[';', '；']} placeholder={t('exam.q.altPlaceholder')} data-testid={`exam-q-blank-${i}`} />
                    </Form.Item>
                    {items.length > 1 && <Button type="text" icon={<DeleteOutlined />} aria-label={t('list.delete')} onClick={() => remove(name)} />}
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ alts: [] })}>
                  {t('exam.q.addBlank')}
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item name="review" valuePropName="checked" style={{ margin: '8px 0 0' }}>
            <Checkbox>{t('exam.q.review')}</Checkbox>
          </Form.Item>
        </Form.Item>
      )}
      {type === 'short' && (
        <Form.Item name="reference" label={t('exam.q.reference')} extra={t('exam.q.shortHint')} rules={[{ required: true, whitespace: true, message: t('exam.q.answerRequired') }]}>
          <Input.TextArea rows={3} maxLength={4000} data-testid="exam-q-reference" />
        </Form.Item>
      )}
      <Form.Item name="explanation" label={t('exam.col.explanation')}>
        <Input.TextArea rows={2} maxLength={4000} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="tags" label={t('exam.col.tags')}>
            <Select mode="tags" {...blankOptions} tokenSeparators={[',', '，']} placeholder={t('exam.q.tagsPlaceholder')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="courseId" label={t('exam.col.courseName')}>
            <Select allowClear showSearch optionFilterProp="label" options={courses} placeholder={t('exam.q.noCourse')} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
