/** Sample data for the floating purchase notifications on the home page. */

// prettier-ignore
export const FIRST_NAMES: readonly string[] = [
  'Adi', 'Agus', 'Ahmad', 'Aldi', 'Alif', 'Andi', 'Anggi', 'Anisa', 'Anton', 'Ari', 'Arif', 'Aris', 'Asep', 'Aulia',
  'Ayu', 'Bagas', 'Bagus', 'Bambang', 'Bayu', 'Bella', 'Budi', 'Cahya', 'Candra', 'Citra', 'Dadang', 'Dani', 'Danu',
  'Dara', 'Deni', 'Desi', 'Dewi', 'Dian', 'Dika', 'Dimas', 'Dina', 'Dodi', 'Doni', 'Edi', 'Eka', 'Eko', 'Elsa',
  'Endang', 'Erik', 'Erna', 'Evi', 'Fadli', 'Fahmi', 'Fajar', 'Farhan', 'Fauzi', 'Febri', 'Fikri', 'Fitri', 'Gilang',
  'Gita', 'Hadi', 'Hendra', 'Heri', 'Hilman', 'Ilham', 'Indah', 'Indra', 'Intan', 'Irfan', 'Irma', 'Iwan', 'Jaka',
  'Joko', 'Juna', 'Kartika', 'Kevin', 'Kiki', 'Lina', 'Lukman', 'Lutfi', 'Maya', 'Mega', 'Melati', 'Miftah', 'Nanda',
  'Nina', 'Novi', 'Nur', 'Nurul', 'Oki', 'Putra', 'Putri', 'Rafi', 'Rahmat', 'Raka', 'Rani', 'Ratna', 'Reza', 'Ria',
  'Rian', 'Rina', 'Rizal', 'Rizki', 'Robi', 'Rudi', 'Sari', 'Sinta', 'Siti', 'Sri', 'Taufik', 'Teguh', 'Tika', 'Tono',
  'Tri', 'Udin', 'Umar', 'Vina', 'Wahyu', 'Wawan', 'Wulan', 'Yanti', 'Yoga', 'Yudi', 'Yusuf', 'Zaki', 'Abdul', 'Ade',
  'Adit', 'Agung', 'Ajeng', 'Akbar', 'Amel', 'Amir', 'Angga', 'Anjar', 'Ardi', 'Arya', 'Astuti', 'Awan', 'Bima',
  'Bonang', 'Cici', 'Dedi', 'Dewa', 'Diah', 'Dwi', 'Eki', 'Elang', 'Enny', 'Fani', 'Farah', 'Fauzan', 'Galih',
  'Galuh', 'Hana', 'Hanif', 'Haris', 'Hasan', 'Hendri', 'Ika', 'Ikhsan', 'Ipan', 'Irwan', 'Ismail', 'Jamal', 'Jihan',
  'Johan', 'Kurnia', 'Laras', 'Lia', 'Lilis', 'Made', 'Mahmud', 'Mira', 'Nadia', 'Naufal', 'Niken', 'Novan', 'Oka',
  'Pandu', 'Prima', 'Puji', 'Qori', 'Rahma', 'Ramdan', 'Rangga', 'Restu', 'Riko', 'Risma', 'Roni', 'Rosa', 'Ruli',
  'Saiful', 'Salsa', 'Samsul', 'Satria', 'Septi', 'Setyo', 'Sigit', 'Slamet', 'Sofyan', 'Suci', 'Sugeng', 'Surya',
  'Syahrul', 'Tasya', 'Tegar', 'Tirta', 'Toni', 'Tyas', 'Ujang', 'Utami', 'Vicky', 'Wati', 'Widya', 'Wira', 'Yani',
  'Yayan', 'Yogi', 'Yuli', 'Yuni', 'Zahra', 'Zulfa', 'Ahyar', 'Aji', 'Alya', 'Anwar', 'Aryo', 'Bahrul', 'Bintang',
  'Cahyo', 'Daffa', 'Darma', 'Dirga', 'Egi', 'Emil', 'Fadil', 'Firman', 'Gani', 'Guntur', 'Hafiz', 'Hamdan', 'Husein',
  'Ilyas', 'Imam', 'Iqbal', 'Jefri', 'Kamal', 'Kemal', 'Lestari', 'Lukas', 'Marwan', 'Mulyadi', 'Nabila', 'Nanang',
  'Nugroho', 'Panji', 'Rendi', 'Rifki', 'Rohman', 'Sandi', 'Sekar', 'Syifa', 'Taufan', 'Wibowo', 'Wisnu', 'Yahya',
  'Yosef', 'Yusril', 'Zainal', 'Zidan', 'Nia', 'Okta', 'Purnama', 'Rosid',
];

// prettier-ignore
export const CITIES: readonly string[] = [
  'Jakarta', 'Surabaya', 'Bandung', 'Medan', 'Semarang', 'Makassar', 'Palembang', 'Tangerang', 'Depok', 'Bekasi',
  'Bogor', 'Batam', 'Pekanbaru', 'Bandar Lampung', 'Padang', 'Malang', 'Denpasar', 'Samarinda', 'Balikpapan',
  'Banjarmasin', 'Pontianak', 'Manado', 'Yogyakarta', 'Solo', 'Jambi', 'Cimahi', 'Kupang', 'Mataram', 'Jayapura',
  'Ambon', 'Bengkulu', 'Palu', 'Kendari', 'Serang', 'Cilegon', 'Tasikmalaya', 'Cirebon', 'Sukabumi', 'Garut',
  'Karawang', 'Purwakarta', 'Subang', 'Sumedang', 'Cianjur', 'Kuningan', 'Indramayu', 'Majalengka', 'Tegal',
  'Pekalongan', 'Purwokerto', 'Magelang', 'Salatiga', 'Kudus', 'Jepara', 'Pati', 'Rembang', 'Klaten', 'Sragen',
  'Wonogiri', 'Kebumen', 'Cilacap', 'Banyumas', 'Kediri', 'Blitar', 'Madiun', 'Mojokerto', 'Pasuruan', 'Probolinggo',
  'Jember', 'Banyuwangi', 'Sidoarjo', 'Gresik', 'Lamongan', 'Tuban', 'Bojonegoro', 'Ponorogo', 'Tulungagung',
  'Lumajang', 'Situbondo', 'Bangkalan', 'Sumenep', 'Batu', 'Singaraja', 'Gianyar', 'Tabanan', 'Bima', 'Sumbawa',
  'Ende', 'Maumere', 'Banda Aceh', 'Lhokseumawe', 'Langsa', 'Binjai', 'Pematangsiantar', 'Tebing Tinggi', 'Sibolga',
  'Padangsidimpuan', 'Bukittinggi', 'Payakumbuh', 'Dumai', 'Tanjung Pinang', 'Pangkal Pinang', 'Lubuklinggau',
  'Prabumulih', 'Metro', 'Palangka Raya', 'Tarakan', 'Bontang', 'Singkawang', 'Gorontalo', 'Bitung', 'Tomohon',
  'Parepare', 'Palopo', 'Bulukumba', 'Ternate', 'Tidore', 'Sorong', 'Manokwari', 'Merauke', 'Timika', 'Banjarbaru',
  'Sampit', 'Ketapang', 'Baubau', 'Mamuju', 'Rangkasbitung', 'Pandeglang', 'Wonosobo', 'Temanggung',
];

export const PRODUCTS = ['LoopBot', 'LoopStream'] as const;

export const ACTIONS = ['baru order', 'sudah beli', 'berhasil order', 'ambil paket'] as const;
