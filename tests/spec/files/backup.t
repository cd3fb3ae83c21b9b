=== cp, mv, ln and install backups: -b, --backup=CONTROL, -S, VERSION_CONTROL, SIMPLE_BACKUP_SUFFIX
--- script
t(){ "$@"; echo "st=$?"; for f in *; do printf '%s=%s ' "$f" "$(cat "$f" 2>/dev/null)"; done; echo; }
echo 1 > a; echo 2 > b
t cp -b a b
echo 3 > a; t cp -bv a b
t cp --backup=numbered a b
echo 4 > a; t cp --backup=numbered -v a b
t cp --backup=existing a b
rm b.~* b~; t cp --backup=existing a b
t cp -b -S .bak a b
t env SIMPLE_BACKUP_SUFFIX=.old cp -b a b
t env VERSION_CONTROL=numbered cp -b a b
t cp --backup=x a b
t env VERSION_CONTROL=x cp -b a b
t cp --backup=none a b
t cp -b a c
t mv -bv a b
t cp -S .s c b
t cp --backup=nu -v c b
t cp -bn c b
mkdir d e e/d; t mv -bv d e
t mv --backup=off c b
echo 5 > a; t ln -b a b
t ln -sbv a b
t ln -v --backup=numbered a b
echo y | ln -i a c; echo " st=$?"
echo n | ln -is a b; echo " st=$?"
t install -bv a b
t install --backup=t -S .x -m 644 a b
rm -f b*; ln a b; t cp -b a b
t cp -b a a
t cp -bf a a
--- stdout
st=0
a=1 b=1 b~=2 
'a' -> 'b' (backup: 'b~')
st=0
a=3 b=3 b~=1 
st=0
a=3 b=3 b.~1~=3 b~=1 
'a' -> 'b' (backup: 'b.~2~')
st=0
a=4 b=4 b.~1~=3 b.~2~=3 b~=1 
st=0
a=4 b=4 b.~1~=3 b.~2~=3 b.~3~=4 b~=1 
st=0
a=4 b=4 b~=4 
st=0
a=4 b=4 b.bak=4 b~=4 
st=0
a=4 b=4 b.bak=4 b.old=4 b~=4 
st=0
a=4 b=4 b.bak=4 b.old=4 b.~1~=4 b~=4 
st=1
a=4 b=4 b.bak=4 b.old=4 b.~1~=4 b~=4 
st=1
a=4 b=4 b.bak=4 b.old=4 b.~1~=4 b~=4 
st=0
a=4 b=4 b.bak=4 b.old=4 b.~1~=4 b~=4 
st=0
a=4 b=4 b.bak=4 b.old=4 b.~1~=4 b~=4 c=4 
renamed 'a' -> 'b' (backup: 'b.~2~')
st=0
b=4 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b~=4 c=4 
st=0
b=4 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b~=4 c=4 
'c' -> 'b' (backup: 'b.~4~')
st=0
b=4 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b~=4 c=4 
st=1
b=4 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b~=4 c=4 
renamed 'd' -> 'e/d' (backup: 'e/d~')
st=0
b=4 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b~=4 c=4 e= 
st=0
b=4 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b~=4 e= 
st=0
a=5 b=5 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b.~5~=4 b~=4 e= 
'b.~6~' ~ 'b' -> 'a'
st=0
a=5 b=5 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b.~5~=4 b.~6~=5 b~=4 e= 
'b.~7~' ~ 'b' => 'a'
st=0
a=5 b=5 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b.~5~=4 b.~6~=5 b.~7~=5 b~=4 e= 
 st=0
 st=0
'a' -> 'b' (backup: 'b.~8~')
st=0
a=5 b=5 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b.~5~=4 b.~6~=5 b.~7~=5 b.~8~=5 b~=4 c=5 e= 
st=0
a=5 b=5 b.bak=4 b.old=4 b.~1~=4 b.~2~=4 b.~3~=4 b.~4~=4 b.~5~=4 b.~6~=5 b.~7~=5 b.~8~=5 b.~9~=5 b~=4 c=5 e= 
st=0
a=5 b=5 b~=5 c=5 e= 
st=1
a=5 b=5 b~=5 c=5 e= 
st=0
a=5 a~=5 b=5 b~=5 c=5 e= 
--- stderr
cp: invalid argument ‘x’ for ‘backup type’
Valid arguments are:
  - ‘none’, ‘off’
  - ‘simple’, ‘never’
  - ‘existing’, ‘nil’
  - ‘numbered’, ‘t’
Try 'cp --help' for more information.
cp: invalid argument ‘x’ for ‘$VERSION_CONTROL’
Valid arguments are:
  - ‘none’, ‘off’
  - ‘simple’, ‘never’
  - ‘existing’, ‘nil’
  - ‘numbered’, ‘t’
Try 'cp --help' for more information.
cp: options --backup and --no-clobber are mutually exclusive
Try 'cp --help' for more information.
ln: replace 'b'? cp: 'a' and 'a' are the same file
--- status: 0
