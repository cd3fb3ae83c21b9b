=== chmod octal modes
--- script
touch f
chmod 600 f
stat -c %a f
chmod 4755 f
stat -c %A f
--- stdout
600
-rwsr-xr-x
--- stderr
--- status: 0

=== chmod symbolic modes
--- script
touch f; chmod 644 f
chmod u+x,go-r f
stat -c %a f
chmod a=rw f
stat -c %a f
chmod g=u f
stat -c %a f
--- stdout
700
666
666
--- stderr
--- status: 0

=== chmod -x and +x
--- script
touch f; chmod 755 f
chmod -x f
stat -c %a f
chmod +x f
stat -c %a f
--- stdout
644
755
--- stderr
--- status: 0

=== chmod -v and -c
--- script
touch f; chmod 644 f
chmod -v 755 f
chmod -v 755 f
chmod -c 755 f
chmod -c 700 f
--- stdout
mode of 'f' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)
mode of 'f' retained as 0755 (rwxr-xr-x)
mode of 'f' changed from 0755 (rwxr-xr-x) to 0700 (rwx------)
--- stderr
--- status: 0

=== chmod -R changes a tree
--- script
mkdir -p d/e; touch d/e/f
chmod -R 700 d
stat -c '%a %n' d d/e d/e/f
--- stdout
700 d
700 d/e
700 d/e/f
--- stderr
--- status: 0

=== chmod errors
--- script
touch f
chmod zz f
chmod 7 nope
chmod 755
echo status $?
--- stdout
status 1
--- stderr
chmod: invalid mode: ‘zz’
Try 'chmod --help' for more information.
chmod: cannot access 'nope': No such file or directory
chmod: missing operand after ‘755’
Try 'chmod --help' for more information.
--- status: 0

=== chmod --reference
--- script
touch a b; chmod 640 a
chmod --reference=a b
stat -c %a b
--- stdout
640
--- stderr
--- status: 0

=== chmod takes operator-octal modes; -Y is an unknown option; operands first
--- script
touch f
chmod 7777 f; chmod -- -7000 f; stat -c %a f
chmod 644 f; chmod +111 f; stat -c %a f
chmod =640 f; stat -c %a f
chmod -Y f; echo $?
chmod f; echo $?
chmod -vx f; echo $?
--- stdout
777
755
640
1
1
1
--- stderr
chmod: invalid option -- 'Y'
Try 'chmod --help' for more information.
chmod: missing operand after ‘f’
Try 'chmod --help' for more information.
chmod: invalid mode: ‘-vx’
Try 'chmod --help' for more information.
