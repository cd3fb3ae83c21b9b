=== tree draws a directory
--- script
mkdir -p d/e/f; touch d/a d/e/b
tree d
--- stdout
d
├── a
└── e
    ├── b
    └── f

3 directories, 2 files
--- stderr
--- status: 0

=== tree -a shows hidden files, -d only directories
--- script
mkdir -p d/e; touch d/.h d/a
tree -a d
tree -d d
--- stdout
d
├── .h
├── a
└── e

2 directories, 2 files
d
└── e

2 directories
--- stderr
--- status: 0

=== tree -L limits the depth
--- script
mkdir -p d/e/f; touch d/e/f/g
tree -L 2 d
--- stdout
d
└── e
    └── f

3 directories, 0 files
--- stderr
--- status: 0

=== tree -I excludes patterns
--- script
mkdir d; touch d/a.py d/b.txt d/c.py
tree -I '*.py' d
--- stdout
d
└── b.txt

1 directory, 1 file
--- stderr
--- status: 0

=== tree --noreport and symlinks
--- script
mkdir d; touch d/f; ln -s f d/l
tree --noreport d
--- stdout
d
├── f
└── l -> f
--- stderr
--- status: 0

=== tree of the current directory
--- script
touch a b
tree
--- stdout
.
├── a
└── b

1 directory, 2 files
--- stderr
--- status: 0
