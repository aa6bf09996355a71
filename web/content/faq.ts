import type { IconName } from '../components/icon';

// Plan names, prices and savings are catalogue tokens, filled in as the page renders (catalogue-copy.ts).

export type FaqItem = { question: string; answer: string };
export type FaqCategory = { id: string; name: string; icon: IconName; questions: FaqItem[] };

export const HELP_FAQ: FaqCategory[] = [
  {
    id: 'loopbot',
    name: 'LoopBOT',
    icon: 'bot',
    questions: [
      {
        question: 'Apa itu LoopBOT?',
        answer:
          'LoopBOT adalah software desktop yang membuat dan menjadwalkan live YouTube, memulai dan mengakhiri live secara otomatis, merotasi judul dan deskripsi di setiap sesi, serta mengirim notifikasi ke Telegram.',
      },
      {
        question: 'Apakah LoopBOT bisa streaming sendiri?',
        answer:
          'Tidak. LoopBOT mengatur jadwal dan siaran di YouTube, tetapi tidak mengirim video. Anda tetap memerlukan aplikasi streaming terpisah, misalnya OBS, atau layanan cloud LoopStream.',
      },
      {
        question: 'Satu lisensi bisa dipakai di berapa perangkat?',
        answer:
          'Satu lisensi berlaku untuk satu perangkat. Jika Anda ganti komputer, lisensi bisa dinonaktifkan lalu dipindahkan ke perangkat baru.',
      },
      {
        question: 'Berapa akun Google per project?',
        answer:
          'Setiap project di LoopBOT terhubung ke satu akun Google. Untuk channel di akun Google lain, buat project baru.',
      },
      {
        question: 'Berapa lama pemasangan dan setup?',
        answer:
          'Instalasi memakan waktu sekitar 5-10 menit, sedangkan setup lengkap hingga live pertama berjalan biasanya 15-30 menit.',
      },
    ],
  },
  {
    id: 'loopstream',
    name: 'LoopStream',
    icon: 'cloud',
    questions: [
      {
        question: 'Apa itu LoopStream?',
        answer:
          'LoopStream adalah layanan streaming cloud di server dedicated. Anda mengunggah video, mengatur jadwal, dan server kami memutarnya berulang 24/7 tanpa komputer Anda menyala.',
      },
      {
        question: 'Berapa ukuran dan durasi video maksimal?',
        answer:
          'Ukuran video maksimal 5GB dengan durasi hingga 12 jam. Format yang didukung: MP4, AVI, MOV, dan MKV hingga 1080p.',
      },
      {
        question: 'Apakah ada batas streaming harian?',
        answer: 'Tidak ada batas streaming harian. Jumlah live bersamaan mengikuti kapasitas paket yang Anda pilih.',
      },
      {
        question: 'Berapa uptime server LoopStream?',
        answer:
          'Kami menjaga uptime 99,9%. Jika server mati lebih dari 24 jam, Anda mendapat pengembalian dana secara proporsional.',
      },
      {
        question: 'Berapa kecepatan internet yang dibutuhkan?',
        answer:
          'Kecepatan upload minimal 10 Mbps disarankan agar proses unggah video lancar. Setelah video terunggah, streaming sepenuhnya berjalan di server kami.',
      },
    ],
  },
  {
    id: 'billing',
    name: 'Pembayaran & Billing',
    icon: 'wallet',
    questions: [
      {
        question: 'Metode pembayaran apa saja yang tersedia?',
        answer:
          'Pembayaran bisa melalui transfer bank, e-wallet, QRIS, dan cryptocurrency. Pembayaran dilakukan di muka untuk setiap periode berlangganan.',
      },
      {
        question: 'Apakah ada masa uji coba?',
        answer:
          'Ada. Tersedia uji coba gratis [[{trial_days} hari untuk LoopBOT dan ]]1 hari untuk LoopStream tanpa kartu kredit.[[ Selain itu tersedia paket {name:loopbot-trial-4-hari} LoopBOT seharga {price:loopbot-trial-4-hari}.]]',
      },
      {
        question: 'Bagaimana kebijakan garansi dan refund?',
        answer:
          'Kami memberikan garansi 30 hari. Jika layanan tidak berfungsi dalam 42 jam pertama, dana Anda kembali 100%.',
      },
      {
        question: 'Apakah ada diskon untuk langganan panjang?',
        answer:
          '[[Ada. Dibanding paket {name:loopbot-1-bulan}, paket LoopBOT yang lebih panjang lebih hemat per bulan: {savings:loopbot}.||Saat ini tidak ada potongan untuk langganan panjang; harga setiap paket tertera di halaman LoopBOT.]]',
      },
      {
        question: 'Kapan saya diingatkan untuk perpanjangan?',
        answer: 'Kami mengirim pengingat 3 hari sebelum masa langganan berakhir, sehingga layanan Anda tidak terputus.',
      },
    ],
  },
  {
    id: 'technical',
    name: 'Technical Support',
    icon: 'headset',
    questions: [
      {
        question: 'Bagaimana cara menghubungi support?',
        answer: 'Hubungi kami lewat chat WhatsApp atau e-mail. Support tersedia 24/7 dengan waktu respons 1-4 jam.',
      },
      {
        question: 'Bagaimana cara membuat file client secret JSON?',
        answer:
          'Buat project di Google Cloud Console, aktifkan YouTube Data API v3, buat OAuth client ID dengan tipe Desktop app, lalu unduh file JSON-nya. Panduan lengkapnya ada di halaman Tutorial.',
      },
      {
        question: 'Apakah data saya aman?',
        answer:
          'Data sensitif seperti token akses disimpan dengan enkripsi AES-256 dan tidak pernah dibagikan ke pihak lain.',
      },
      {
        question: 'Live saya tidak dimulai, apa yang harus dicek?',
        answer:
          'Pastikan aplikasi streaming aktif dan stream key sudah benar, akun Google masih terhubung, serta durasi dan jeda sudah diisi. Jika masih bermasalah, kirim tangkapan layar ke support.',
      },
      {
        question: 'Bagaimana cara memindahkan lisensi ke komputer baru?',
        answer:
          'Nonaktifkan lisensi di perangkat lama, lalu aktifkan di perangkat baru. Jika perangkat lama sudah tidak bisa dibuka, hubungi support untuk dibantu.',
      },
    ],
  },
];

export const LOOPBOT_FAQ: FaqItem[] = [
  {
    question: 'Apakah LoopBOT bisa streaming tanpa aplikasi lain?',
    answer:
      'LoopBOT mengatur jadwal dan siaran di YouTube, tetapi tidak mengirim video. Gunakan aplikasi streaming seperti OBS, atau LoopStream agar streaming berjalan di cloud.',
  },
  {
    question: 'Bisakah lisensi dipakai di dua komputer?',
    answer:
      'Satu lisensi untuk satu perangkat. Lisensi bisa dinonaktifkan dan dipindahkan ke komputer lain kapan saja.',
  },
  {
    question: 'Bagaimana jika LoopBOT tidak berjalan di komputer saya?',
    answer: 'Ada garansi 30 hari. Jika layanan tidak berfungsi dalam 42 jam pertama, dana Anda kembali 100%.',
  },
  {
    question: 'Apakah ada uji coba?',
    answer:
      '[[Ada uji coba gratis {trial_days} hari tanpa kartu kredit, atau paket {name:loopbot-trial-4-hari} seharga {price:loopbot-trial-4-hari} untuk mencoba semua fitur.||Ada uji coba gratis {trial_days} hari tanpa kartu kredit.||Uji coba gratis sedang tidak tersedia, tetapi ada paket {name:loopbot-trial-4-hari} seharga {price:loopbot-trial-4-hari} untuk mencoba semua fitur.||Uji coba gratis sedang tidak tersedia. Hubungi kami bila ingin mencoba LoopBOT sebelum membeli.]]',
  },
];
