import { Button, Card, Descriptions, Empty, Result, Space, Spin, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, MobileOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { wareSig } from '../../api/content';
import { useMyCourses, usePortalCourse, usePortalSpecial } from '../../api/hooks/content';
import { useI18n } from '../../i18n';
import { EmptyNote, Grid, LearnCard, Section, WareList } from './LearnParts';
import styles from './content.module.css';

/** A card that opens a course (?id=) or a topic (?specialId=). */
function ContentCard({ to, name, cover, testId, meta, tag }: { to: string; name: string; cover: string; testId: string; meta?: string; tag?: string }) {
  return <LearnCard to={to} name={name} cover={cover} meta={meta} tag={tag} testId={testId} />;
}

/** The failure's message, shown in place of what could not be read. */
const messageOf = (e: Error | null) => e?.message;

/**
 * /gatewayCourse in the portal: ?id= a course, ?specialId= a topic with its courses and second-level topics (what a
 * banner opens), nothing: the courses and topics pushed to the user.
 */
export default function GatewayCoursePage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const specialId = Number(search.get('specialId')) || 0;
  if (id) return <CourseDetail id={id} />;
  if (specialId) return <SpecialDetail id={specialId} />;
  return <MyCourses />;
}

function Back() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} style={{ marginBottom: 16 }}>
      {t('resource.back')}
    </Button>
  );
}

function CourseDetail({ id }: { id: number }) {
  const { t } = useI18n();
  const { data, error: failed } = usePortalCourse(id);
  const error = messageOf(failed);
  if (error) return <Result status="404" title={error} extra={<Link to="/gatewayCourse">{t('nav.gatewayCourse')}</Link>} />;
  if (!data) return <Spin />;
  return (
    <div data-testid="course-view">
      <Back />
      <Card cover={data.cover ? <img src={data.cover} alt="" className={styles.portalHero} /> : undefined}>
        <Typography.Title level={3}>{data.name}</Typography.Title>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('content.course.type')}>{data.typeName}</Descriptions.Item>
          <Descriptions.Item label={t('content.course.lecturer')}>{data.lecturer || '-'}</Descriptions.Item>
        </Descriptions>
        {data.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>{data.description}</Typography.Paragraph>}
      </Card>
      <div style={{ height: 20 }} />
      <Section title={t('h5.courseware')} testId="course-wares">
        <WareList wares={data.coursewares} sig={wareSig} />
      </Section>
    </div>
  );
}

function SpecialDetail({ id }: { id: number }) {
  const { t } = useI18n();
  const { data, error: failed } = usePortalSpecial(id);
  const error = messageOf(failed);
  if (error) return <Result status="404" title={error} extra={<Link to="/gatewayCourse">{t('nav.gatewayCourse')}</Link>} />;
  if (!data) return <Spin />;
  return (
    <div data-testid="special-view">
      <Back />
      <Typography.Title level={3}>{data.name}</Typography.Title>
      {data.description && <Typography.Paragraph type="secondary">{data.description}</Typography.Paragraph>}
      {data.topics.length > 0 && (
        <>
          <Typography.Title level={5}>{t('resource.level.2')}</Typography.Title>
          <div className={styles.portalGrid}>
            {data.topics.map((c) => (
              <ContentCard key={`t${c.id}`} to={`/gatewayCourse?specialId=${c.id}`} name={c.name} cover={c.cover} testId={`portal-topic-${c.id}`} />
            ))}
          </div>
        </>
      )}
      <Typography.Title level={5}>{t('content.special.courses')}</Typography.Title>
      {data.courses.length ? (
        <div className={styles.portalGrid}>
          {data.courses.map((c) => (
            <ContentCard key={`c${c.id}`} to={`/gatewayCourse?id=${c.id}`} name={c.name} cover={c.cover} testId={`portal-course-${c.id}`} />
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </div>
  );
}

function MyCourses() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { data, error: failed } = useMyCourses();
  const error = messageOf(failed);
  if (error) return <Result status="warning" title={error} />;
  if (!data) return <Spin />;
  const { pushed, catalog } = data;
  const nothing = !pushed.length && !catalog.courses.length && !catalog.topics.length;
  return (
    <div data-testid="my-courses">
      <div className={styles.portalHead}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('nav.gatewayCourse')}
        </Typography.Title>
        <Space>
          <Button onClick={() => navigate('/gatewayExam')} data-testid="open-exams">
            {t('nav.gatewayExam')}
          </Button>
          <Tooltip title={t('learn.mobileHint')}>
            <Button icon={<MobileOutlined />} onClick={() => navigate('/h5Course')} data-testid="open-h5">
              {t('learn.mobile')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {nothing ? (
        <EmptyNote testId="learn-empty">{t('learn.empty')}</EmptyNote>
      ) : (
        <>
          <Section title={t('learn.pushed')} testId="learn-pushed">
            {pushed.length ? (
              <Grid>
                {pushed.map((i) => (
                  <ContentCard
                    key={`${i.type}-${i.id}-${i.specialId ?? 0}`}
                    to={i.link}
                    name={i.name}
                    cover={i.cover}
                    tag={i.type === '1' ? undefined : t('learn.topics')}
                    testId={`my-course-${i.type}-${i.id}`}
                  />
                ))}
              </Grid>
            ) : (
              <EmptyNote testId="learn-none-pushed">{t('learn.nonePushed')}</EmptyNote>
            )}
          </Section>
          {catalog.topics.length > 0 && (
            <Section title={t('learn.topics')} testId="learn-topics">
              <Grid>
                {catalog.topics.map((c) => (
                  <ContentCard key={c.id} to={`/gatewayCourse?specialId=${c.id}`} name={c.name} cover={c.cover} testId={`portal-topic-${c.id}`} />
                ))}
              </Grid>
            </Section>
          )}
          {catalog.courses.length > 0 && (
            <Section title={t('learn.all')} note={t('learn.courseCount', { n: catalog.courses.length })} testId="learn-all">
              <Grid>
                {catalog.courses.map((c) => (
                  <ContentCard
                    key={c.id}
                    to={`/gatewayCourse?id=${c.id}`}
                    name={c.name}
                    cover={c.cover}
                    meta={[c.typeName, c.lecturer].filter(Boolean).join(' · ')}
                    testId={`portal-course-${c.id}`}
                  />
                ))}
              </Grid>
            </Section>
          )}
        </>
      )}
    </div>
  );
}
