import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useTranslate } from 'react-admin';
import { EmptyPane } from '../../components/EmptyPane';

/** The pane while no chat is open. */
export function NoChatSelected() {
  const translate = useTranslate();
  return <EmptyPane icon={<ForumOutlined sx={{ fontSize: 56 }} />} size={96} text={translate('chats.noChatSelected')} marker="data-no-chat" />;
}
