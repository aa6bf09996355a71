import type { IconName } from '../components/icon';

export type Feature = { icon: IconName; title: string; description: string };

export const HOME_FEATURES: Feature[] = [
  {
    icon: 'bot',
    title: 'Otomatisasi berbasis AI',
    description: 'Jadwal, judul, dan deskripsi live diatur otomatis. Anda cukup menyiapkan konten sekali.',
  },
  {
    icon: 'clock',
    title: 'Channel online 24/7',
    description: 'Live berjalan siang dan malam tanpa perlu Anda tunggui di depan layar.',
  },
  {
    icon: 'layers',
    title: '15+ channel sekaligus',
    description: 'Kelola banyak channel yang terhubung ke satu akun AdSense dari satu tempat.',
  },
  {
    icon: 'lock',
    title: 'Lisensi terkunci per perangkat',
    description: 'Sistem anti-pembajakan menjaga lisensi Anda tetap aman dan hanya dipakai oleh Anda.',
  },
  {
    icon: 'smartphone',
    title: 'Kontrol dari mana saja',
    description: 'Pantau lewat notifikasi Telegram dan dashboard yang nyaman dibuka di HP.',
  },
  {
    icon: 'zap',
    title: 'Satu klik untuk semua live',
    description: 'Mulai seluruh live di semua channel hanya dengan satu klik.',
  },
];

export const LOOPBOT_FEATURES: Feature[] = [
  {
    icon: 'calendar',
    title: 'Jadwal live otomatis',
    description: 'Membuat dan menjadwalkan siaran langsung di YouTube tanpa input manual satu per satu.',
  },
  {
    icon: 'play',
    title: 'Mulai & berhenti otomatis',
    description: 'Live dimulai dan diakhiri tepat waktu sesuai durasi yang Anda tentukan.',
  },
  {
    icon: 'refresh',
    title: 'Rotasi judul & deskripsi',
    description: 'Setiap sesi memakai judul dan deskripsi berbeda agar channel tetap segar.',
  },
  {
    icon: 'chart',
    title: 'Dashboard monitoring',
    description: 'Lihat status setiap live, sesi berikutnya, dan riwayat dalam satu layar.',
  },
  {
    icon: 'bell',
    title: 'Notifikasi Telegram',
    description: 'Kabar setiap live yang dimulai, selesai, atau bermasalah langsung masuk ke HP Anda.',
  },
  {
    icon: 'image',
    title: 'Rotasi thumbnail',
    description: 'Thumbnail diambil bergiliran dari folder Anda untuk setiap siaran baru.',
  },
  {
    icon: 'shuffle',
    title: 'Spintax & konten acak',
    description: 'Deskripsi dengan format {a|b|c} menghasilkan variasi unik di setiap sesi.',
  },
  {
    icon: 'filter',
    title: 'Filter penonton rendah',
    description: 'Live yang sepi penonton bisa diakhiri lebih cepat agar jadwal tetap efektif.',
  },
  {
    icon: 'key',
    title: 'Lisensi aman & bisa dipindah',
    description: 'Satu lisensi untuk satu perangkat, bisa dinonaktifkan dan dipindah saat ganti komputer.',
  },
];

export const LOOPSTREAM_FEATURES: Feature[] = [
  {
    icon: 'server',
    title: 'Server dedicated',
    description: 'Streaming berjalan di server khusus kami, bukan di komputer Anda.',
  },
  { icon: 'clock', title: 'Online 24/7', description: 'Video diputar berulang tanpa henti dengan uptime 99,9%.' },
  {
    icon: 'upload',
    title: 'Upload sekali, selesai',
    description: 'Unggah video hingga 5GB dengan durasi sampai 12 jam dalam format MP4, AVI, MOV, atau MKV.',
  },
  {
    icon: 'calendar',
    title: 'Atur jadwal bebas',
    description: 'Tentukan kapan live dimulai dan berakhir, tanpa batas streaming harian.',
  },
  { icon: 'film', title: 'Kualitas hingga 4K', description: 'Pilih 720p, 1080p, atau 4K sesuai kapasitas paket Anda.' },
  {
    icon: 'headset',
    title: 'Support 24/7',
    description: 'Tim kami siap membantu lewat WhatsApp dan e-mail kapan pun dibutuhkan.',
  },
];
