import WhatsApp from '@mui/icons-material/WhatsApp';
import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** The frame of the public screens: brand, title and the form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.primary.light} 100%)`,
      })}
    >
      <Card sx={{ width: '100%', maxWidth: 420, borderRadius: 3 }} elevation={8}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, mb: 1 }}>
              <WhatsApp fontSize="large" />
            </Avatar>
            <Typography variant="h6" color="primary" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
              {translate('app.name')}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
              {translate(title)}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
